import { execFileSync } from 'node:child_process';
import { createPrivateKey, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SignedXml } from 'xml-crypto';
import { readSearchAnswer, searchEnvelope, UnreadableAnswer } from './insi-soap-message.js';
import { findElement, parseXml } from './insi-soap-xml.js';
import { signedAssertion } from './insi-vihf.js';

/**
 * What the XML libraries now do for the INSi client: the assertion's signature as a maintained
 * verifier checks it, and answers read whatever namespace prefixes the teleservice chooses.
 */

/** A throwaway key and self-signed certificate, both in PEM, in one openssl call. */
function organisation() {
  const pem = execFileSync(
    'openssl',
    'req -x509 -newkey rsa:2048 -noenc -keyout - -subj /O=LABORATOIRE/CN=INSI-AUTO -days 1'.split(' '),
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const cert = pem.slice(pem.indexOf('-----BEGIN CERTIFICATE-----'));
  return { key: createPrivateKey(pem.slice(0, pem.indexOf('-----BEGIN CERTIFICATE-----'))), cert };
}

/** xml-crypto's verification, trusting only the given certificate (not whatever KeyInfo carries). */
function verifies(xml: string, certificate: string): boolean {
  const signature = findElement(parseXml(xml), 'Signature');
  if (!signature) throw new Error('no Signature');
  const verifier = new SignedXml({ publicCert: certificate });
  verifier.loadSignature(signature);
  return verifier.checkSignature(xml);
}

/** Null where the machine has no openssl to make the certificate with. */
const signer = (() => {
  try {
    return organisation();
  } catch {
    return null;
  }
})();

describe.skipIf(!signer)('the VIHF assertion signed with xml-crypto', () => {
  if (!signer) return;
  const assertion = signedAssertion(
    { key: signer.key, certificate: signer.cert },
    { structureId: '010000000', nameQualifier: 'FINESS', attributes: [['secteurActivite', 'SA25']] },
  );

  it('verifies against the organisation certificate', () => {
    expect(verifies(assertion, signer.cert)).toBe(true);
  });

  it('still verifies inside the SOAP envelope, whose namespaces it does not depend on', () => {
    const envelope = searchEnvelope({
      request: { birthName: 'PAT-TROIS', firstName: 'DOMINIQUE', sex: 'F', birthDate: '1979-03-21' },
      software: { authorisation: 'AUTORISATION-TEST', name: 'SIL', version: '1.0', instance: 'essai' },
      emitter: '010000000',
      messageId: randomUUID(),
      contextId: randomUUID(),
      now: new Date(),
      assertion,
    });
    expect(verifies(envelope, signer.cert)).toBe(true);
  });

  it('fails verification once a signed value is changed', () => {
    const tampered = assertion.replace('>010000000</NameID>', '>020000000</NameID>');
    expect(tampered).not.toBe(assertion);
    expect(verifies(tampered, signer.cert)).toBe(false);
  });

  it('fails verification against another certificate', () => {
    // xml-crypto answers false for a digest that does not match, and throws for a wrong signature value.
    expect(() => verifies(assertion, organisation().cert)).toThrow(/signature value .* is incorrect/);
  });
});

describe('reading the teleservice answers', () => {
  const SOAP = 'http://www.w3.org/2003/05/soap-envelope';

  it('reads an identity whatever prefixes its namespaces use', () => {
    const answer = `<?xml version="1.0"?><e:Envelope xmlns:e="${SOAP}"><e:Body><r:RESULTAT xmlns:r="http://www.cnamts.fr/INSiResultat">
      <r:CR><r:CodeCR>00</r:CodeCR></r:CR>
      <r:INDIVIDU><r:INSACTIF><r:IdIndividu><r:NumIdentifiant>2790351215189</r:NumIdentifiant><r:Cle>89</r:Cle></r:IdIndividu><r:OID>1.2.250.1.213.1.4.10</r:OID></r:INSACTIF>
      <r:TIQ><r:NomNaissance>PAT-TROIS</r:NomNaissance><r:ListePrenom><![CDATA[DOMINIQUE MARIE-FRANÇOISE]]></r:ListePrenom><r:Sexe>F</r:Sexe><r:DateNaissance>1979-03-21</r:DateNaissance></r:TIQ></r:INDIVIDU>
      </r:RESULTAT></e:Body></e:Envelope>`;
    const outcome = readSearchAnswer(answer);
    if (outcome.kind !== 'answer') throw new Error(`read as ${outcome.kind}`);
    expect(outcome.answer.i_insIdentityResult).toBe(2);
    expect(outcome.answer.Identity?.Ins.s_value).toBe('2790351215189');
    expect(outcome.answer.Identity?.s_birthName).toBe('PAT-TROIS');
    // CDATA reads as its text; the usual first name is the first of them when Prenom is absent.
    expect(outcome.answer.Identity?.s_firstNames).toBe('DOMINIQUE MARIE-FRANÇOISE');
    expect(outcome.answer.Identity?.s_usualFirstName).toBe('DOMINIQUE');
    expect(outcome.answer.Identity?.s_birthPlace).toBe('');
  });

  it('reads a fault written with a default namespace and no prefix', () => {
    const answer = `<Envelope xmlns="${SOAP}"><Body><Fault><Code><Value>Sender</Value><Subcode><Value>siram_40</Value></Subcode></Code><Reason><Text xml:lang="fr">Requ&#234;te invalide</Text></Reason><Detail><Erreur xmlns="urn:siram" code="desir_10">Trait manquant</Erreur></Detail></Fault></Body></Envelope>`;
    expect(readSearchAnswer(answer)).toEqual({
      kind: 'fault',
      fault: {
        subcode: 'siram_40',
        reason: 'Requête invalide',
        errorCode: 'desir_10',
        error: 'Trait manquant',
      },
    });
  });

  it('reads no identity (CR 01) from a result in another prefix', () => {
    const answer = `<S:Envelope xmlns:S="${SOAP}"><S:Body><ns2:RESULTAT xmlns:ns2="http://www.cnamts.fr/INSiResultat"><ns2:CR><ns2:CodeCR>01</ns2:CodeCR></ns2:CR></ns2:RESULTAT></S:Body></S:Envelope>`;
    expect(readSearchAnswer(answer)).toEqual({
      kind: 'answer',
      answer: { i_insIdentityResult: 1, Identity: null },
    });
  });

  it('refuses as unreadable what is not well-formed XML, or not an answer', () => {
    expect(() => readSearchAnswer('Service indisponible <b>')).toThrow(UnreadableAnswer);
    expect(() => readSearchAnswer('')).toThrow(UnreadableAnswer);
    expect(() => readSearchAnswer('<html><body>Service indisponible</body></html>')).toThrow(
      'RESULTAT is missing',
    );
  });
});
