import { createHash, type KeyObject, randomUUID, sign, X509Certificate } from 'node:crypto';
import { escapeAttribute, escapeText } from './insi-soap-xml.js';

const SAML = 'urn:oasis:names:tc:SAML:2.0:assertion';
const DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
const X509_SUBJECT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:X509SubjectName';

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

const element = (name: string, attributes: ReadonlyArray<readonly [string, string]>, inner: string) =>
  `<${name}${attributes.map(([key, value]) => ` ${key}="${escapeAttribute(value)}"`).join('')}>${inner}</${name}>`;

/**
 * A VIHF identity assertion (SAML 2.0) signed with RSA-SHA256, to place in the WS-Security header.
 *
 * No XML canonicaliser is needed because everything signed is written directly in its exclusive
 * canonical form (exc-c14n 1.0): no XML declaration, one default namespace declared on the apex
 * element and no prefixes, attributes in canonical order (unqualified attributes sorted by name),
 * explicit end tags instead of empty-element tags, no whitespace between elements, and text and
 * attribute values escaped exactly as c14n escapes them. The canonical form of such a fragment is
 * the fragment itself, so the digest and signature are computed over the very bytes that are sent.
 * Any change to how these strings are written must keep those rules, or the signature stops verifying.
 */
export function signedAssertion(signer: VihfSigner, content: VihfContent): string {
  const certificate = new X509Certificate(signer.certificate);
  const id = content.id ?? `_${randomUUID()}`;
  const instant = (content.issueInstant ?? new Date()).toISOString();

  const issuer = element('Issuer', [['Format', X509_SUBJECT]], escapeText(subjectName(certificate)));
  const subject = element(
    'Subject',
    [],
    element('NameID', [['NameQualifier', content.nameQualifier]], escapeText(content.structureId)),
  );
  const statement = element(
    'AttributeStatement',
    [],
    content.attributes
      .map(([name, value]) =>
        element('Attribute', [['Name', name]], element('AttributeValue', [], escapeText(value))),
      )
      .join(''),
  );
  // Canonical attribute order on the apex: the namespace declaration first, then ID < IssueInstant < Version.
  const open = `<Assertion xmlns="${SAML}" ID="${escapeAttribute(id)}" IssueInstant="${instant}" Version="2.0">`;

  // The enveloped-signature transform removes Signature before digesting, so the digest is over the
  // assertion exactly as it would be without it.
  const unsigned = `${open}${issuer}${subject}${statement}</Assertion>`;
  const digest = createHash('sha256').update(unsigned, 'utf8').digest('base64');

  // SignedInfo is signed on its own; exclusive c14n gives the apex its default namespace declaration,
  // so it is written with it here and in the document.
  const signedInfo = element(
    'SignedInfo',
    [['xmlns', DSIG]],
    element('CanonicalizationMethod', [['Algorithm', EXC_C14N]], '') +
      element('SignatureMethod', [['Algorithm', RSA_SHA256]], '') +
      element(
        'Reference',
        [['URI', `#${id}`]],
        element(
          'Transforms',
          [],
          element('Transform', [['Algorithm', ENVELOPED]], '') +
            element('Transform', [['Algorithm', EXC_C14N]], ''),
        ) +
          element('DigestMethod', [['Algorithm', SHA256]], '') +
          element('DigestValue', [], digest),
      ),
  );
  // RSA keys sign with PKCS#1 v1.5 by default, which is what rsa-sha256 means in XML signatures.
  const signatureValue = sign('sha256', Buffer.from(signedInfo, 'utf8'), signer.key).toString('base64');
  const keyInfo = element(
    'KeyInfo',
    [],
    element('X509Data', [], element('X509Certificate', [], certificate.raw.toString('base64'))),
  );
  const signature = element(
    'Signature',
    [['xmlns', DSIG]],
    `${signedInfo}${element('SignatureValue', [], signatureValue)}${keyInfo}`,
  );

  // SAML's schema puts Signature right after Issuer.
  return `${open}${issuer}${signature}${subject}${statement}</Assertion>`;
}
