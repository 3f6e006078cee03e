import { createHash, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DmpAnswer, DmpGateway } from './dmp.js';
import {
  parseXml,
  provideAndRegister,
  type RegistryError,
  registryResponse,
  selectIn,
  textIn,
} from './dmp-xml.js';

const SCHEME = {
  confidentiality: 'urn:uuid:f4f85eac-e6cb-4883-b524-f2705394840f',
  typeCode: 'urn:uuid:f0306f51-975f-434e-a61c-c59651d33983',
  classCode: 'urn:uuid:41a5887f-8865-4c09-adf7-e362475b143a',
  formatCode: 'urn:uuid:a09d5840-386c-46f2-b5ad-9c3699a4309d',
  patientId: 'urn:uuid:58a6f841-87b3-4a3e-92fd-a8ffeff98427',
  uniqueId: 'urn:uuid:2e82c1f6-a085-4c72-9da3-8640a32e42ab',
} as const;
const INS = /^(\d{15})\^\^\^&(1\.2\.250\.1\.213\.1\.4\.(?:8|9|10|11))&ISO\^NH$/;
const HL7_CONFIDENTIALITY = new Set(['N', 'R', 'V']);
const DMP_CONFIDENTIALITY = new Set(['INVISIBLE_PATIENT', 'MASQUE_PS', 'INVISIBLE_REPRESENTANTS_LEGAUX']);

/** A document the simulated DMP holds, as tests read it back. */
export interface DmpEntry {
  entryUuid: string;
  uniqueId: string;
  patientIns: string;
  confidentiality: string[];
  /** The entry this one replaced (RPLC), which is then deprecated. */
  replaces?: string;
  status: 'approved' | 'deprecated';
  cda: string;
}

/**
 * The DMP as this product's tests and development see it (docs/dmp.md): it reads an ITI-41
 * request as the DMP would and refuses what the DMP refuses: a patient id that is not an INS
 * (or differs from the CDA's), a hash or size that does not match the document, confidentiality
 * codes outside HL7's and the DMP's, missing class/type/format or author specialty, a document
 * id already held, a replacement of an entry it does not hold, and a patient whose DMP is closed
 * (`closed`: INS values).
 */
export class DmpRegistry {
  readonly entries = new Map<string, DmpEntry>();
  constructor(readonly closed: ReadonlySet<string> = new Set()) {}

  receive(request: string): RegistryError[] {
    const xml = parseXml(request);
    if (!xml) return [{ code: 'XDSRepositoryMetadataError', context: 'Message XML mal formé' }];
    const [entry, ...others] = selectIn(xml, '//rim:RegistryObjectList/rim:ExtrinsicObject');
    if (!entry || others.length > 0)
      return [{ code: 'XDSRepositoryMetadataError', context: 'Un document par soumission' }];
    const entryId = textIn(entry, '@id');
    // Matched by attribute value, not spliced into an XPath: the id is the sender's text.
    const attribute = (node: Node, name: string) => (node as Element).getAttribute(name) ?? '';
    const document = selectIn(xml, '//xdsb:Document').find((node) => attribute(node, 'id') === entryId);
    const base64 = document ? textIn(document, '.') : '';
    if (!base64) return [{ code: 'XDSMissingDocument', context: `Document ${entryId} absent` }];
    const bytes = Buffer.from(base64, 'base64');
    const slot = (name: string) => textIn(entry, `rim:Slot[@name='${name}']/rim:ValueList/rim:Value[1]`);
    const codes = (scheme: string) =>
      selectIn(entry, `rim:Classification[@classificationScheme='${scheme}']/@nodeRepresentation`).map(
        (node) => node.nodeValue ?? '',
      );
    const identifier = (scheme: string) =>
      textIn(entry, `rim:ExternalIdentifier[@identificationScheme='${scheme}']/@value`);
    const errors: RegistryError[] = [];
    const refuse = (code: string, context: string) => errors.push({ code, context });

    if (slot('hash') && slot('hash') !== createHash('sha1').update(bytes).digest('hex'))
      refuse('XDSRepositoryMetadataError', 'Empreinte (hash) différente du document');
    if (slot('size') && slot('size') !== String(bytes.length))
      refuse('XDSRepositoryMetadataError', 'Taille différente du document');
    const cda = parseXml(bytes.toString('utf8'));
    const patientId = identifier(SCHEME.patientId);
    const ins = INS.exec(patientId)?.[1];
    if (!ins) refuse('XDSUnknownPatientId', "L'identifiant du patient n'est pas un INS");
    const cdaIns = cda
      ? textIn(
          cda,
          "//*[local-name()='recordTarget']/*[local-name()='patientRole']/*[local-name()='id'][starts-with(@root,'1.2.250.1.213.1.4.')]/@extension",
        )
      : '';
    if (!cda) refuse('XDSRepositoryMetadataError', "Le document n'est pas un XML bien formé");
    else if (ins && cdaIns !== ins) refuse('XDSPatientIdDoesNotMatch', "L'INS diffère de celui du document");
    if (ins && this.closed.has(ins)) refuse('DMPClosed', 'Le DMP de ce patient est fermé');
    const confidentiality = codes(SCHEME.confidentiality);
    if (!confidentiality.some((code) => HL7_CONFIDENTIALITY.has(code)))
      refuse('XDSRegistryMetadataError', 'confidentialityCode N, R ou V manquant');
    for (const code of confidentiality)
      if (!HL7_CONFIDENTIALITY.has(code) && !DMP_CONFIDENTIALITY.has(code))
        refuse('XDSRegistryMetadataError', `confidentialityCode inconnu : ${code}`);
    if (!codes(SCHEME.typeCode).includes('11502-2'))
      refuse('XDSRegistryMetadataError', 'typeCode attendu 11502-2');
    if (codes(SCHEME.classCode).length === 0 || codes(SCHEME.formatCode).length === 0)
      refuse('XDSRegistryMetadataError', 'classCode ou formatCode manquant');
    if (!textIn(entry, "rim:Classification/rim:Slot[@name='authorSpecialty']/rim:ValueList/rim:Value"))
      refuse('XDSRegistryMetadataError', 'authorSpecialty manquant');
    const uniqueId = identifier(SCHEME.uniqueId);
    if ([...this.entries.values()].some((held) => held.uniqueId === uniqueId))
      refuse('XDSDuplicateUniqueIdInRegistry', `Document déjà présent : ${uniqueId}`);
    const replacement = selectIn(
      xml,
      "//rim:Association[@associationType='urn:ihe:iti:2007:AssociationType:RPLC']",
    ).find((node) => attribute(node, 'sourceObject') === entryId);
    const replaced = replacement ? attribute(replacement, 'targetObject') : '';
    const target = replaced ? this.entries.get(replaced.replace(/^urn:uuid:/, '')) : undefined;
    if (replaced && (target?.status !== 'approved' || target.patientIns !== ins))
      refuse('UnresolvedReferenceException', `Document remplacé inconnu : ${replaced}`);
    if (errors.length > 0 || !ins) return errors;
    if (target) target.status = 'deprecated';
    const entryUuid = entryId.replace(/^urn:uuid:/, '');
    this.entries.set(entryUuid, {
      entryUuid,
      uniqueId,
      patientIns: ins,
      confidentiality,
      replaces: target?.entryUuid,
      status: 'approved',
      cda: bytes.toString('utf8'),
    });
    return [];
  }
}

const answerOf = (errors: RegistryError[]): DmpAnswer => {
  const [first] = errors;
  return first ? { status: 'refused', code: first.code, reason: first.context } : { status: 'accepted' };
};

/** The simulator's rules in process: the default gateway when no DMP_URL is configured. */
export function simulatedDmp(registry = new DmpRegistry()): DmpGateway {
  return {
    async submit(submission) {
      return answerOf(registry.receive(provideAndRegister({ messageId: randomUUID(), ...submission })));
    },
  };
}

/**
 * The simulator as an HTTP server of ours (tests, development: port 0 picks a free one). It answers
 * a SOAP RegistryResponse; `unavailable(n)` makes the next n calls answer 503, as a DMP in
 * maintenance, to exercise the retries.
 */
export async function startDmpSimulator(options: { closed?: string[]; port?: number } = {}) {
  const registry = new DmpRegistry(new Set(options.closed ?? []));
  let down = 0;
  let calls = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      calls += 1;
      if (down > 0 || request.method !== 'POST') {
        down = Math.max(0, down - 1);
        response.writeHead(request.method === 'POST' ? 503 : 405).end();
        return;
      }
      const errors = registry.receive(Buffer.concat(chunks).toString('utf8'));
      response.writeHead(200, { 'content-type': 'application/soap+xml; charset=utf-8' });
      response.end(registryResponse(randomUUID(), errors));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/dmp/iti41`,
    registry,
    calls: () => calls,
    unavailable(times: number) {
      down = times;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type DmpSimulator = Awaited<ReturnType<typeof startDmpSimulator>>;
