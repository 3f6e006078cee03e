import { DOMImplementation, DOMParser, XMLSerializer } from '@xmldom/xmldom';
import type * as XPath from 'xpath';
import { onFirstUse } from '../lib/on-first-use.js';

/** The namespaces of an XDS.b 'Provide and Register Document Set' (IHE ITI-41) over SOAP 1.2. */
export const DMP_NS = {
  soap: 'http://www.w3.org/2003/05/soap-envelope',
  wsa: 'http://www.w3.org/2005/08/addressing',
  xdsb: 'urn:ihe:iti:xds-b:2007',
  lcm: 'urn:oasis:names:tc:ebxml-regrep:xsd:lcm:3.0',
  rim: 'urn:oasis:names:tc:ebxml-regrep:xsd:rim:3.0',
  rs: 'urn:oasis:names:tc:ebxml-regrep:xsd:rs:3.0',
} as const;
export const ITI41_ACTION = 'urn:ihe:iti:2007:ProvideAndRegisterDocumentSet-b';
export const ITI41_RESPONSE_ACTION = 'urn:ihe:iti:2007:ProvideAndRegisterDocumentSet-bResponse';
const STATUS = 'urn:oasis:names:tc:ebxml-regrep:ResponseStatusType:';

// XPath loads with the first submission, not at the server's start (build/bundle.test.ts).
const xpath = onFirstUse<typeof XPath>('xpath');
export const selectIn = (node: Node, path: string) =>
  xpath().useNamespaces({ ...DMP_NS })(path, node) as Node[];
export const textIn = (node: Node, path: string): string => {
  const found = xpath().useNamespaces({ ...DMP_NS })(`string(${path})`, node);
  return typeof found === 'string' ? found.trim() : '';
};

/** Parses XML; null when it is not well formed (an unreadable message, never an exception). */
export function parseXml(text: string): Document | null {
  const refuse = (message: string) => {
    throw new Error(message);
  };
  try {
    const xml = new DOMParser({
      errorHandler: { warning: () => undefined, error: refuse, fatalError: refuse },
    }).parseFromString(text, 'text/xml');
    return xml?.documentElement ? (xml as unknown as Document) : null;
  } catch {
    return null;
  }
}

function envelope(action: string, messageId: string, body: (xml: XMLDocument) => Node): string {
  const xml = new DOMImplementation().createDocument(DMP_NS.soap, 'soap:Envelope', null);
  const header = xml.createElementNS(DMP_NS.soap, 'soap:Header');
  const addressing = (name: string, value: string) => {
    const element = xml.createElementNS(DMP_NS.wsa, `wsa:${name}`);
    element.appendChild(xml.createTextNode(value));
    header.appendChild(element);
  };
  addressing('Action', action);
  addressing('MessageID', `urn:uuid:${messageId}`);
  const soapBody = xml.createElementNS(DMP_NS.soap, 'soap:Body');
  soapBody.appendChild(body(xml));
  xml.documentElement?.appendChild(header);
  xml.documentElement?.appendChild(soapBody);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(xml)}`;
}

/**
 * The ITI-41 request: the SubmitObjectsRequest (the XDS metadata, as METADATA.XML holds it) and the
 * document, base64 inline under the id of its document entry (MTOM is left to a production link).
 */
export function provideAndRegister(input: {
  messageId: string;
  metadata: string;
  documentEntryId: string;
  document: Buffer;
}): string {
  const metadata = parseXml(input.metadata);
  if (!metadata?.documentElement) throw new Error('DMP metadata is not well-formed XML');
  return envelope(ITI41_ACTION, input.messageId, (xml) => {
    const request = xml.createElementNS(DMP_NS.xdsb, 'xdsb:ProvideAndRegisterDocumentSetRequest');
    request.appendChild(xml.importNode(metadata.documentElement as unknown as Node, true));
    const document = xml.createElementNS(DMP_NS.xdsb, 'xdsb:Document');
    document.setAttribute('id', input.documentEntryId);
    document.appendChild(xml.createTextNode(input.document.toString('base64')));
    request.appendChild(document);
    return request;
  });
}

export interface RegistryError {
  code: string;
  context: string;
}

/** The RegistryResponse the DMP answers: Success, or Failure with its errors. */
export function registryResponse(messageId: string, errors: readonly RegistryError[]): string {
  return envelope(ITI41_RESPONSE_ACTION, messageId, (xml) => {
    const response = xml.createElementNS(DMP_NS.rs, 'rs:RegistryResponse');
    response.setAttribute('status', `${STATUS}${errors.length === 0 ? 'Success' : 'Failure'}`);
    if (errors.length > 0) {
      const list = xml.createElementNS(DMP_NS.rs, 'rs:RegistryErrorList');
      for (const error of errors) {
        const element = xml.createElementNS(DMP_NS.rs, 'rs:RegistryError');
        element.setAttribute('errorCode', error.code);
        element.setAttribute('codeContext', error.context);
        element.setAttribute('severity', 'urn:oasis:names:tc:ebxml-regrep:ErrorSeverityType:Error');
        list.appendChild(element);
      }
      response.appendChild(list);
    }
    return response;
  });
}

/** Reads a RegistryResponse: its outcome and first error; null when there is none to read. */
export function readRegistryResponse(text: string): { success: boolean; error?: RegistryError } | null {
  const xml = parseXml(text);
  if (!xml) return null;
  const [response] = selectIn(xml, '//rs:RegistryResponse');
  if (!response) return null;
  const status = textIn(response, '@status');
  if (status === `${STATUS}Success`) return { success: true };
  if (status !== `${STATUS}Failure`) return null;
  const [error] = selectIn(response, 'rs:RegistryErrorList/rs:RegistryError');
  return {
    success: false,
    error: error
      ? { code: textIn(error, '@errorCode'), context: textIn(error, '@codeContext') }
      : { code: 'XDSRegistryError', context: '' },
  };
}
