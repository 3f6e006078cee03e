import { execFileSync } from 'node:child_process';
import { createHash, generateKeyPairSync, verify, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.js';
import type { InsTraits } from './insi.js';
import { type SoapInsiOptions, soapInsi } from './insi-soap.js';

/**
 * The INSi client against a local stand-in of the teleservice: HTTPS on 127.0.0.1 that demands the
 * laboratory's client certificate, checks each envelope (operation, traits, escaping, the assertion's
 * digest and signature against the organisation certificate) and answers by the birth name searched.
 */

const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

interface Pem {
  key: string;
  cert: string;
}

/** A throwaway RSA key and a self-signed certificate for it, made with the machine's openssl. */
function selfSigned(folder: string, name: string, subject: string, extension?: string): Pem {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const keyFile = join(folder, `${name}.key`);
  const certFile = join(folder, `${name}.crt`);
  writeFileSync(keyFile, key);
  execFileSync('openssl', [
    'req',
    '-new',
    '-x509',
    '-key',
    keyFile,
    '-subj',
    subject,
    '-days',
    '2',
    '-out',
    certFile,
    ...(extension ? ['-addext', extension] : []),
  ]);
  return { key, cert: readFileSync(certFile, 'utf8') };
}

const between = (text: string, start: string, end: string) => {
  const from = text.indexOf(start);
  const to = text.indexOf(end, from);
  return from < 0 || to < 0 ? null : text.slice(from, to + end.length);
};
const bodyValue = (envelope: string, name: string) =>
  new RegExp(`<ins:${name}>([^<]*)</ins:${name}>`).exec(envelope)?.[1] ?? null;

const RESULT_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?><soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><S:Body xmlns:S="http://www.w3.org/2003/05/soap-envelope"><RESULTAT xmlns="http://www.cnamts.fr/INSiResultat">';
const RESULT_CLOSE = '</RESULTAT></S:Body></soap:Envelope>';
const answerCode = (code: string, label: string) =>
  `${RESULT_OPEN}<CR><CodeCR>${code}</CodeCR><LibelleCR>${label}</LibelleCR></CR>${RESULT_CLOSE}`;

/** One identity, with a former identifier listed first to show only the active one is read. */
const ONE_IDENTITY = `${RESULT_OPEN}<CR><CodeCR>00</CodeCR><LibelleCR>OK</LibelleCR></CR>
  <INDIVIDU>
    <INSHISTO><IdIndividu><NumIdentifiant>1111111111111</NumIdentifiant><Cle>11</Cle></IdIndividu><OID>1.2.250.1.213.1.4.9</OID></INSHISTO>
    <INSACTIF><IdIndividu><NumIdentifiant>2790351215189</NumIdentifiant><Cle>89</Cle></IdIndividu><OID>1.2.250.1.213.1.4.10</OID></INSACTIF>
    <TIQ><NomNaissance>PAT-TROIS</NomNaissance><Prenom>DOMINIQUE</Prenom><ListePrenom>DOMINIQUE MARIE-FRAN&#xC7;OISE</ListePrenom><Sexe>F</Sexe><DateNaissance>1979-03-21</DateNaissance><LieuNaissance>51215</LieuNaissance></TIQ>
  </INDIVIDU>${RESULT_CLOSE}`;

const FAULT = `<?xml version="1.0" encoding="UTF-8"?><soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><env:Body xmlns:env="http://www.w3.org/2003/05/soap-envelope"><soap:Fault><soap:Code><soap:Value>soap:Sender</soap:Value><soap:Subcode><soap:Value>soap:siram_100</soap:Value></soap:Subcode></soap:Code><soap:Reason><soap:Text xml:lang="fr">L'acc&#232;s par ce logiciel au service n'est pas autoris&#233;.</soap:Text></soap:Reason><soap:Detail><siram:Erreur code="desir_550" severite="erreur" xmlns:siram="urn:siram">Num&#233;ro d'autorisation du logiciel inconnu.</siram:Erreur></soap:Detail></soap:Fault></env:Body></soap:Envelope>`;

interface Seen {
  envelope: string;
  contentType: string;
  clientSubject: string;
}

describe.skipIf(!hasOpenssl)('soapInsi against a local stand-in of the teleservice', () => {
  let folder: string;
  let server: Server;
  let url: string;
  let serverPem: Pem;
  let organisation: Pem;
  let pfx: Buffer;
  const seen: Seen[] = [];
  const problems: string[] = [];

  /** What the real teleservice would refuse: missing operation, headers, or an assertion that does not verify. */
  function check(envelope: string, contentType: string) {
    if (!contentType.includes('rechercherInsAvecTraitsIdentite'))
      problems.push('content type without action');
    if (
      !envelope.includes(
        '<wsa:Action>urn:ServiceIdentiteCertifiee:1.0.0:rechercherInsAvecTraitsIdentite</wsa:Action>',
      )
    )
      problems.push('operation');
    if (!/<wsa:MessageID>uuid:[0-9a-f-]{36}<\/wsa:MessageID>/.test(envelope)) problems.push('message id');
    if (!envelope.includes('<ctxlps:IDAM R="4">AUTORISATION-TEST</ctxlps:IDAM>')) problems.push('software');
    if (!envelope.includes('<ctxbam:Emetteur>010000000</ctxbam:Emetteur>')) problems.push('emitter');
    for (const name of ['NomNaissance', 'Prenom', 'Sexe', 'DateNaissance'])
      if (bodyValue(envelope, name) === null) problems.push(`trait ${name}`);

    const assertion = between(envelope, '<Assertion ', '</Assertion>');
    if (!assertion) return;
    const signature = between(assertion, '<Signature ', '</Signature>');
    const signedInfo = signature && between(signature, '<SignedInfo ', '</SignedInfo>');
    if (!signature || !signedInfo) return problems.push('signature parts');
    const id = /ID="([^"]+)"/.exec(assertion)?.[1];
    if (!signedInfo.includes(`URI="#${id}"`)) problems.push('reference');
    // Enveloped signature: the digest covers the assertion without its Signature element.
    const digest = createHash('sha256').update(assertion.replace(signature, ''), 'utf8').digest('base64');
    if (!signedInfo.includes(`<DigestValue>${digest}</DigestValue>`)) problems.push('digest');
    const certificate = new X509Certificate(
      Buffer.from(/<X509Certificate>([^<]+)<\/X509Certificate>/.exec(signature)?.[1] ?? '', 'base64'),
    );
    if (certificate.fingerprint256 !== new X509Certificate(organisation.cert).fingerprint256)
      problems.push('certificate in KeyInfo');
    const value = Buffer.from(
      /<SignatureValue>([^<]+)<\/SignatureValue>/.exec(signature)?.[1] ?? '',
      'base64',
    );
    if (!verify('sha256', Buffer.from(signedInfo, 'utf8'), certificate.publicKey, value))
      problems.push('signature');
  }

  function answerFor(envelope: string): { status: number; body: string } | null {
    const birthName = bodyValue(envelope, 'NomNaissance');
    const firstName = bodyValue(envelope, 'Prenom');
    if (birthName === 'PAT-TROIS') return { status: 200, body: ONE_IDENTITY };
    if (birthName === 'DOUBLON')
      return { status: 200, body: answerCode('02', 'Plusieurs identites trouvees') };
    if (birthName === 'REFUS') return { status: 500, body: FAULT };
    if (birthName === 'PANNE') return { status: 503, body: '<html><body>Service indisponible</body></html>' };
    if (birthName === 'LENT') return null;
    // Found only under the second first name, as a patient registered under it.
    if (birthName === 'PRENOMS' && firstName === 'CLAIRE') return { status: 200, body: ONE_IDENTITY };
    return { status: 200, body: answerCode('01', 'Aucune identite trouvee') };
  }

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'insi-soap-'));
    serverPem = selfSigned(folder, 'teleservice', '/CN=127.0.0.1', 'subjectAltName=IP:127.0.0.1');
    organisation = selfSigned(folder, 'laboratory', "/C=FR/O=LABORATOIRE D'ESSAI/OU=010000000/CN=INSI-AUTO");
    execFileSync('openssl', [
      'pkcs12',
      '-export',
      '-inkey',
      join(folder, 'laboratory.key'),
      '-in',
      join(folder, 'laboratory.crt'),
      '-passout',
      'pass:secret',
      '-out',
      join(folder, 'laboratory.p12'),
    ]);
    pfx = readFileSync(join(folder, 'laboratory.p12'));

    server = createServer(
      {
        key: serverPem.key,
        cert: serverPem.cert,
        ca: organisation.cert,
        requestCert: true,
        rejectUnauthorized: true,
      },
      (request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          const envelope = Buffer.concat(chunks).toString('utf8');
          const contentType = request.headers['content-type'] ?? '';
          const peer = (request.socket as TLSSocket).getPeerCertificate();
          seen.push({ envelope, contentType, clientSubject: String(peer.subject?.CN ?? '') });
          check(envelope, contentType);
          const answer = answerFor(envelope);
          if (!answer) return;
          response.writeHead(answer.status, { 'content-type': 'application/soap+xml; charset=utf-8' });
          response.end(answer.body);
        });
      },
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/lps`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(folder, { recursive: true, force: true });
  });

  const options = (extra: Partial<SoapInsiOptions> = {}): SoapInsiOptions => ({
    url,
    certificate: { key: organisation.key, cert: organisation.cert },
    software: {
      authorisation: 'AUTORISATION-TEST',
      name: 'SIL',
      version: '1.0',
      instance: 'laboratoire-essai',
    },
    structureId: '010000000',
    timeoutMs: 5_000,
    activitySector: 'SA25',
    ca: serverPem.cert,
    ...extra,
  });
  const traits = (extra: Partial<InsTraits>): InsTraits => ({
    last_name: 'INCONNU',
    first_name: 'JEAN',
    sex: 'M',
    birthday: '1980-01-01',
    ...extra,
  });
  const lastEnvelope = () => seen.at(-1)?.envelope ?? '';
  const failure = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  };

  it('answers 2 with the active INS and the reference traits (CR 00), assertion signed and verified', async () => {
    const answer = await soapInsi(options()).lookup(
      traits({
        last_name: 'PAT-TROIS',
        first_name: 'DOMINIQUE',
        sex: 'F',
        birthday: '1979-03-21',
        birth_place: '51215',
      }),
    );
    expect(answer).toEqual({
      i_insIdentityResult: 2,
      Identity: {
        Ins: { s_value: '2790351215189', s_key: '89', s_oid: '1.2.250.1.213.1.4.10' },
        s_birthName: 'PAT-TROIS',
        s_firstNames: 'DOMINIQUE MARIE-FRANÇOISE',
        s_usualFirstName: 'DOMINIQUE',
        s_sex: 'F',
        s_birthDate: '1979-03-21',
        s_birthPlace: '51215',
      },
    });
    const envelope = lastEnvelope();
    expect(envelope).toContain('<ins:LieuNaissance>51215</ins:LieuNaissance>');
    expect(envelope).toContain('<wsse:Security><Assertion xmlns="urn:oasis:names:tc:SAML:2.0:assertion"');
    expect(envelope).toContain('<NameID NameQualifier="FINESS">010000000</NameID>');
    expect(envelope).toContain("CN=INSI-AUTO,OU=010000000,O=LABORATOIRE D'ESSAI,C=FR</Issuer>");
    expect(seen.at(-1)?.clientSubject).toBe('INSI-AUTO');
    expect(problems).toEqual([]);
  });

  it('answers 1 when no identity matches (CR 01), and escapes every trait', async () => {
    const answer = await soapInsi(options()).lookup(
      traits({ last_name: "D'AEION & <FILS>", first_name: 'COEUR' }),
    );
    expect(answer).toEqual({ i_insIdentityResult: 1, Identity: null });
    expect(bodyValue(lastEnvelope(), 'NomNaissance')).toBe("D'AEION &amp; &lt;FILS&gt;");
    expect(lastEnvelope()).not.toContain('<ins:LieuNaissance>');
    expect(problems).toEqual([]);
  });

  it('answers 3 when several identities match (CR 02)', async () => {
    const answer = await soapInsi(options()).lookup(traits({ last_name: 'DOUBLON', first_name: 'ALEX' }));
    expect(answer).toEqual({ i_insIdentityResult: 3, Identity: null });
    expect(problems).toEqual([]);
  });

  it('tries each first name, then all of them, until one identity is found', async () => {
    const before = seen.length;
    const answer = await soapInsi(options()).lookup(
      traits({ last_name: 'PRENOMS', first_name: 'MARIE CLAIRE' }),
    );
    expect(answer.i_insIdentityResult).toBe(2);
    expect(seen.slice(before).map(({ envelope }) => bodyValue(envelope, 'Prenom'))).toEqual([
      'MARIE',
      'CLAIRE',
    ]);

    const start = seen.length;
    await soapInsi(options()).lookup(traits({ last_name: 'INCONNU', first_name: 'ANNE SOPHIE' }));
    expect(seen.slice(start).map(({ envelope }) => bodyValue(envelope, 'Prenom'))).toEqual([
      'ANNE',
      'SOPHIE',
      'ANNE SOPHIE',
    ]);
  });

  it('maps a SOAP fault of the teleservice to insInfoNotFound with its codes', async () => {
    const error = await failure(soapInsi(options()).lookup(traits({ last_name: 'REFUS' })));
    expect(error.code).toBe('insInfoNotFound');
    expect(error.details.teleservice).toEqual({
      reason: 'fault',
      status: 500,
      fault: {
        subcode: 'soap:siram_100',
        reason: "L'accès par ce logiciel au service n'est pas autorisé.",
        errorCode: 'desir_550',
        error: "Numéro d'autorisation du logiciel inconnu.",
      },
    });
  });

  it('maps an HTTP error without a SOAP answer to insInfoNotFound', async () => {
    const error = await failure(soapInsi(options()).lookup(traits({ last_name: 'PANNE' })));
    expect(error.code).toBe('insInfoNotFound');
    expect(error.details.teleservice).toEqual({ reason: 'http', status: 503 });
  });

  it('maps a teleservice that does not answer in time to insInfoNotFound', async () => {
    const error = await failure(soapInsi(options({ timeoutMs: 300 })).lookup(traits({ last_name: 'LENT' })));
    expect(error.details.teleservice).toEqual({ reason: 'timeout', afterMs: 300 });
  });

  it('maps a refused connection to insInfoNotFound', async () => {
    const error = await failure(
      soapInsi(options({ url: 'https://127.0.0.1:1/lps', timeoutMs: 2_000 })).lookup(traits({})),
    );
    expect(error.details.teleservice).toMatchObject({ reason: 'network' });
  });

  it('authenticates with the PKCS#12 file over TLS alone, without an assertion', async () => {
    const answer = await soapInsi(
      options({ certificate: { pfx, passphrase: 'secret' }, assertion: false }),
    ).lookup(traits({ last_name: 'DOUBLON' }));
    expect(answer.i_insIdentityResult).toBe(3);
    expect(lastEnvelope()).not.toContain('<wsse:Security>');
    expect(seen.at(-1)?.clientSubject).toBe('INSI-AUTO');
  });

  it('refuses at configuration a PKCS#12 file when the assertion must be signed', () => {
    expect(() => soapInsi(options({ certificate: { pfx, passphrase: 'secret' } }))).toThrow(/PEM/);
  });
});
