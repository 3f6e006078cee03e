import { type KeyObject, randomUUID, X509Certificate } from 'node:crypto';
import type * as XmlCrypto from 'xml-crypto';
import { onFirstUse } from '../lib/on-first-use.js';
import { appendElement, findElement, newDocument, parseXml, serialize } from './insi-soap-xml.js';

const SAML = 'urn:oasis:names:tc:SAML:2.0:assertion';
const DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
const X509_SUBJECT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:X509SubjectName';
const xmlCrypto = onFirstUse<typeof XmlCrypto>('xml-crypto');

export interface VihfSigner {
  /** The organisation's RSA private key, already decrypted (createPrivateKey with its passphrase). */
  key: KeyObject;
  /** The certificate of that key, PEM; it goes in KeyInfo and names the issuer. */
  certificate: string;
}

export interface VihfContent {
  /** Who the laboratory is for the teleservice: its FINESS number. */
  structureId: string;
  /** How structureId is qualified in the subject's NameID. */
  nameQualifier: string;
  /** Attributes of the assertion, in the order given (name → value). */
  attributes: ReadonlyArray<readonly [string, string]>;
  /** Fixed by tests; a fresh assertion id and the current instant otherwise. */
  id?: string;
  issueInstant?: Date;
}

/**
 * A certificate's subject as RFC 4514 writes a distinguished name (most specific part first, comma
 * separated): the form SAML's X509SubjectName format expects. Node lists the parts one a line from the
 * country down, with special characters already backslash-escaped, so only the order changes.
 */
export function subjectName(certificate: X509Certificate): string {
  return certificate.subject
    .split('\n')
    .filter((part) => part.length > 0)
    .reverse()
    .join(',');
}

/**
 * A VIHF identity assertion (SAML 2.0), signed by xml-crypto as an enveloped XML signature: exclusive
 * canonicalisation, RSA-SHA256, one reference to the assertion by its ID with the enveloped-signature
 * and exclusive c14n transforms, and the organisation certificate in KeyInfo. SAML's schema puts
 * Signature right after Issuer.
 *
 * It is answered in its exclusive canonical form, SignedInfo written as it was signed (declaring its
 * own namespace), so that the bytes sent are the bytes digested and signed: a verifier that
 * canonicalises and one that hashes what it receives agree.
 */
export function signedAssertion(signer: VihfSigner, content: VihfContent): string {
  const certificate = new X509Certificate(signer.certificate);
  const assertion = newDocument(SAML, 'Assertion');
  assertion.setAttribute('ID', content.id ?? `_${randomUUID()}`);
  assertion.setAttribute('IssueInstant', (content.issueInstant ?? new Date()).toISOString());
  assertion.setAttribute('Version', '2.0');
  appendElement(assertion, 'Issuer', {
    text: subjectName(certificate),
    attributes: [['Format', X509_SUBJECT]],
  });
  appendElement(appendElement(assertion, 'Subject'), 'NameID', {
    text: content.structureId,
    attributes: [['NameQualifier', content.nameQualifier]],
  });
  const statement = appendElement(assertion, 'AttributeStatement');
  for (const [name, value] of content.attributes) {
    appendElement(appendElement(statement, 'Attribute', { attributes: [['Name', name]] }), 'AttributeValue', {
      text: value,
    });
  }

  const { SignedXml } = xmlCrypto();
  const signature = new SignedXml({
    privateKey: signer.key,
    publicCert: signer.certificate,
    canonicalizationAlgorithm: EXC_C14N,
    signatureAlgorithm: RSA_SHA256,
  });
  // The reference names the assertion by its ID attribute, as URI="#<ID>".
  signature.addReference({ xpath: '/*', transforms: [ENVELOPED, EXC_C14N], digestAlgorithm: SHA256 });
  signature.computeSignature(serialize(assertion), {
    location: { reference: "/*/*[local-name()='Issuer']", action: 'after' },
  });
  return asSigned(parseXml(signature.getSignedXml()).documentElement);
}

/**
 * The signed assertion in exclusive canonical form, with SignedInfo as it was signed. Canonical XML
 * leaves out a namespace declaration that an ancestor already made, so SignedInfo inside Signature
 * loses the one it had when it was canonicalised alone to be signed; it is put back so the
 * SignedInfo sent is byte for byte what the signature value covers.
 */
function asSigned(assertion: Element): string {
  const { ExclusiveCanonicalization } = xmlCrypto();
  const c14n = new ExclusiveCanonicalization();
  const signedInfo = findElement(assertion, 'SignedInfo');
  if (!signedInfo) throw new Error('xml-crypto wrote no SignedInfo');
  const inPlace = c14n.process(signedInfo, { defaultNs: DSIG });
  const alone = c14n.process(signedInfo, {});
  return c14n.process(assertion, {}).replace(inPlace, () => alone);
}
