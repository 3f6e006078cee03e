import { DOMImplementation, XMLSerializer } from '@xmldom/xmldom';
import type { CdaHeader, XdsCode } from './cda-header.js';
import { CLASS_OF_TYPE, FORMAT_OF_TEMPLATE, NS, PRACTICE_OF_ENCOUNTER, SCHEME } from './codes.js';
import {
  documentUniqueId,
  patientIds,
  sourceId,
  sourcePatientInfo,
  utcTime,
  uuidOid,
  xcn,
  xon,
} from './values.js';

type Child = Node | null | undefined | false;

/** XDS authorSpecialty: `code^label^scheme`, nothing without a code (the slot is then left out). */
const specialty = (code: XdsCode) => (code.code ? `${code.code}^${code.label}^${code.scheme}` : '');

/** What the submission adds to the document's header: when, under which id, and DOC0001.XML's bytes. */
export interface Submission {
  submittedAt: Date;
  submissionSetUuid: string;
  documentUuid: string;
  hash: string;
  size: number;
  uri: string;
}

/**
 * METADATA.XML of an XDM package (IHE ITI TF-3 §4.2, ebRIM 3.0): the submission set and the
 * document entry of the CDA, every value read from its header as the national kit's
 * CDAHeaderToXDM.xsl maps it, plus the file's SHA-1 and size, and their HasMember association.
 */
export function xdmMetadata(header: CdaHeader, submission: Submission): string {
  const xml = new DOMImplementation().createDocument(NS.lcm, 'lcm:SubmitObjectsRequest', null);
  const el = (name: string, attributes: Record<string, string>, ...children: Child[]) => {
    const element = xml.createElementNS(NS.rim, `rim:${name}`);
    for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
    for (const child of children) if (child) element.appendChild(child);
    return element;
  };
  const text = (value: string) => el('LocalizedString', { 'xml:lang': 'fr-FR', charset: 'UTF-8', value });
  const slot = (name: string, ...values: string[]) =>
    values.some((value) => value !== '') &&
    el(
      'Slot',
      { name },
      el('ValueList', {}, ...values.map((value) => el('Value', {}, xml.createTextNode(value)))),
    );
  let counter = 0;
  const id = (prefix: string) => `${prefix}${String(++counter).padStart(2, '0')}`;
  const classification = (scheme: string, object: string, code: XdsCode | undefined) =>
    code?.code
      ? el(
          'Classification',
          {
            id: id('cl'),
            classificationScheme: scheme,
            classifiedObject: object,
            nodeRepresentation: code.code,
          },
          slot('codingScheme', code.scheme),
          el('Name', {}, text(code.label)),
        )
      : null;
  const identifier = (scheme: string, object: string, value: string, name: string) =>
    el(
      'ExternalIdentifier',
      { id: id('ei'), identificationScheme: scheme, registryObject: object, value },
      el('Name', {}, text(name)),
    );
  const author = (scheme: string, object: string) =>
    el(
      'Classification',
      { id: id('cl'), classificationScheme: scheme, classifiedObject: object, nodeRepresentation: '' },
      slot('authorInstitution', xon(header.organization)),
      slot('authorPerson', xcn(header.author)),
      slot('authorSpecialty', specialty(header.authorSpecialty)),
    );

  const set = `urn:uuid:${submission.submissionSetUuid}`;
  const entry = `urn:uuid:${submission.documentUuid}`;
  const { patientId, sourcePatientId } = patientIds(header);
  const approved = 'urn:oasis:names:tc:ebxml-regrep:StatusType:Approved';
  const registryPackage = el(
    'RegistryPackage',
    {
      id: set,
      objectType: 'urn:oasis:names:tc:ebxml-regrep:ObjectType:RegistryObject:RegistryPackage',
      status: approved,
    },
    slot('submissionTime', submission.submittedAt.toISOString().replace(/[-:T]/g, '').slice(0, 14)),
    el('Name', {}, text(header.title)),
    author(SCHEME.submissionAuthor, set),
    classification(SCHEME.contentTypeCode, set, header.facility),
    identifier(
      SCHEME.submissionUniqueId,
      set,
      uuidOid(submission.submissionSetUuid),
      'XDSSubmissionSet.uniqueId',
    ),
    identifier(SCHEME.submissionSourceId, set, sourceId(header), 'XDSSubmissionSet.sourceId'),
    identifier(SCHEME.submissionPatientId, set, patientId, 'XDSSubmissionSet.patientId'),
  );
  const format = header.templateIds.map((root) => FORMAT_OF_TEMPLATE[root]).find(Boolean);
  const document = el(
    'ExtrinsicObject',
    { id: entry, mimeType: 'text/xml', objectType: SCHEME.stableDocument, status: approved },
    slot('creationTime', utcTime(header.effectiveTime)),
    slot('hash', submission.hash),
    slot('languageCode', header.languageCode),
    slot('legalAuthenticator', xcn(header.legalAuthenticator)),
    slot('serviceStartTime', utcTime(header.serviceStart)),
    slot('serviceStopTime', utcTime(header.serviceStop)),
    slot('size', String(submission.size)),
    slot('sourcePatientId', sourcePatientId),
    slot('sourcePatientInfo', ...sourcePatientInfo(header)),
    slot('URI', submission.uri),
    el('Name', {}, text(header.title)),
    author(SCHEME.author, entry),
    classification(SCHEME.classCode, entry, CLASS_OF_TYPE[header.typeCode.code]),
    classification(SCHEME.confidentialityCode, entry, header.confidentiality),
    ...header.eventCodes.map((code) => classification(SCHEME.eventCodeList, entry, code)),
    classification(SCHEME.formatCode, entry, format),
    classification(SCHEME.healthcareFacilityTypeCode, entry, header.facility),
    classification(SCHEME.practiceSettingCode, entry, PRACTICE_OF_ENCOUNTER[header.encounterCode]),
    classification(SCHEME.typeCode, entry, header.typeCode),
    identifier(SCHEME.documentPatientId, entry, patientId, 'XDSDocumentEntry.patientId'),
    identifier(SCHEME.documentUniqueId, entry, documentUniqueId(header), 'XDSDocumentEntry.uniqueId'),
  );
  const member = el(
    'Association',
    {
      id: id('as'),
      associationType: 'urn:oasis:names:tc:ebxml-regrep:AssociationType:HasMember',
      sourceObject: set,
      targetObject: entry,
    },
    slot('SubmissionSetStatus', 'Original'),
  );
  const setIsSubmission = el('Classification', {
    id: id('cl'),
    classifiedObject: set,
    classificationNode: SCHEME.submissionSet,
  });
  const root = xml.documentElement;
  root.setAttributeNS('http://www.w3.org/2000/xmlns/', 'xmlns:rim', NS.rim);
  root.appendChild(el('RegistryObjectList', {}, registryPackage, setIsSubmission, document, member));
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(xml)}\n`;
}
