import type { InsLookupAnswer } from '@sil/contract';
import {
  appendElement,
  elementText,
  findElement,
  newDocument,
  parseXml,
  serialize,
} from './insi-soap-xml.js';

/** The operation 'rechercher l'INS avec les traits d'identité' of the 'service identité certifiée'. */
export const INSI_SEARCH_ACTION = 'urn:ServiceIdentiteCertifiee:1.0.0:rechercherInsAvecTraitsIdentite';

const NS = {
  soap: 'http://www.w3.org/2003/05/soap-envelope',
  wsa: 'http://www.w3.org/2005/08/addressing',
  wsse: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd',
  ctxbam: 'urn:siram:bam:ctxbam',
  ctxlps: 'urn:siram:lps:ctxlps',
  ins: 'http://www.cnamts.fr/INSiRecSans',
} as const;

/** The laboratory software as the teleservice knows it (the LPS context header). */
export interface InsiSoftware {
  /** Authorisation number given to the software by the health insurance (IDAM). */
  authorisation: string;
  name: string;
  version: string;
  /** Identifies this installation; one per laboratory deployment. */
  instance: string;
}

export interface SearchRequest {
  birthName: string;
  firstName: string;
  sex: string;
  /** YYYY-MM-DD, as the teleservice writes dates. */
  birthDate: string;
  /** COG code of the commune, or 99xxx for a country; omitted when unknown. */
  birthPlace?: string;
}

export interface EnvelopeParts {
  request: SearchRequest;
  software: InsiSoftware;
  /** Sender of the context headers: the laboratory's FINESS. */
  emitter: string;
  messageId: string;
  contextId: string;
  now: Date;
  /** A signed VIHF assertion, placed in the WS-Security header; omitted when authentication is by TLS only. */
  assertion?: string;
}

type Prefix = keyof typeof NS;

/** Appends `prefix:name`, in the namespace the prefix stands for. */
const add = (
  parent: Element,
  prefixed: `${Prefix}:${string}`,
  text?: string,
  attributes?: ReadonlyArray<readonly [string, string]>,
) =>
  appendElement(parent, prefixed, {
    namespace: NS[prefixed.slice(0, prefixed.indexOf(':')) as Prefix],
    ...(text === undefined ? {} : { text }),
    ...(attributes ? { attributes } : {}),
  });

/** Where the signed assertion goes in the serialised envelope. */
const SECURITY_PLACE = '<wsse:Security/>';

/** The SOAP 1.2 request, with WS-Addressing, the BAM and LPS context headers and the five traits. */
export function searchEnvelope(parts: EnvelopeParts): string {
  const { request, software } = parts;
  const time = parts.now.toISOString();
  // Every prefix is declared once on the envelope, as the teleservice's examples do.
  const envelope = newDocument(NS.soap, 'soap:Envelope', NS);
  const header = add(envelope, 'soap:Header');
  add(header, 'wsa:Action', INSI_SEARCH_ACTION);
  add(header, 'wsa:MessageID', `uuid:${parts.messageId}`);

  const bam = add(header, 'ctxbam:ContexteBAM', undefined, [['Version', '01_02']]);
  add(bam, 'ctxbam:Id', parts.contextId);
  add(bam, 'ctxbam:Temps', time);
  add(bam, 'ctxbam:Emetteur', parts.emitter);
  // No health-insurance card is read in this search, so the coverage block stays empty.
  add(bam, 'ctxbam:COUVERTURE', '');

  const lps = add(header, 'ctxlps:ContexteLPS', undefined, [
    ['Nature', 'CTXLPS'],
    ['Version', '01_00'],
  ]);
  add(lps, 'ctxlps:Id', parts.contextId);
  add(lps, 'ctxlps:Temps', time);
  add(lps, 'ctxlps:Emetteur', parts.emitter);
  const product = add(lps, 'ctxlps:LPS');
  add(product, 'ctxlps:IDAM', software.authorisation, [['R', '4']]);
  add(product, 'ctxlps:Version', software.version);
  add(product, 'ctxlps:Instance', software.instance);
  add(product, 'ctxlps:Nom', `urn:lps:${software.name}:${software.version}`);
  if (parts.assertion) add(header, 'wsse:Security');

  const search = add(add(envelope, 'soap:Body'), 'ins:RECSANSVITALE');
  add(search, 'ins:NomNaissance', request.birthName);
  add(search, 'ins:Prenom', request.firstName);
  add(search, 'ins:Sexe', request.sex);
  add(search, 'ins:DateNaissance', request.birthDate);
  if (request.birthPlace) add(search, 'ins:LieuNaissance', request.birthPlace);

  const xml = `<?xml version="1.0" encoding="UTF-8"?>${serialize(envelope)}`;
  // The assertion goes in as the very bytes that were signed: a serialiser would rewrite them (empty
  // elements as <a/> instead of canonical XML's <a></a>), which a verifier that digests what it
  // receives, as the stand-in of the tests does, would refuse.
  const { assertion } = parts;
  return assertion ? xml.replace(SECURITY_PLACE, () => `<wsse:Security>${assertion}</wsse:Security>`) : xml;
}

/** A SOAP fault of the teleservice: its sub-code (siram_…), reason, and the detailed error code (desir_…). */
export interface InsiFault {
  subcode: string | null;
  reason: string | null;
  errorCode: string | null;
  error: string | null;
}

export type SearchOutcome = { kind: 'answer'; answer: InsLookupAnswer } | { kind: 'fault'; fault: InsiFault };

/** Reading the answer failed in a way that says the message is not the teleservice's. */
export class UnreadableAnswer extends Error {
  override name = 'UnreadableAnswer';
}

/** Parses an answer; what is not well-formed XML cannot be the teleservice's. */
function parseAnswer(xml: string): Document {
  try {
    return parseXml(xml);
  } catch (error) {
    throw new UnreadableAnswer(error instanceof Error ? error.message : String(error));
  }
}

export function readFault(answer: Document): InsiFault | null {
  const fault = findElement(answer, 'Fault');
  if (!fault) return null;
  const subcode = findElement(fault, 'Subcode');
  const error = findElement(fault, 'Erreur');
  return {
    subcode: subcode ? elementText(subcode, 'Value') : null,
    reason: elementText(fault, 'Text'),
    errorCode: error?.getAttribute('code') ?? null,
    error: error ? (error.textContent ?? '').trim() : null,
  };
}

const SEXES = ['M', 'F', 'I'] as const;
const isSex = (value: string): value is (typeof SEXES)[number] =>
  (SEXES as readonly string[]).includes(value);

function required(node: Node, localName: string): string {
  const value = elementText(node, localName);
  if (!value) throw new UnreadableAnswer(`${localName} is missing`);
  return value;
}

/**
 * The answer of the search: CR 00 one identity (answer 2, with the active INS and the reference
 * traits), 01 none (answer 1), 02 several (answer 3). The active INS is read inside INSACTIF only,
 * because INSHISTO lists former identifiers in the same shape.
 */
export function readSearchAnswer(xml: string): SearchOutcome {
  const answer = parseAnswer(xml);
  const fault = readFault(answer);
  if (fault) return { kind: 'fault', fault };
  const result = findElement(answer, 'RESULTAT');
  if (!result) throw new UnreadableAnswer('RESULTAT is missing');
  const outcome = findElement(result, 'CR');
  const code = outcome && elementText(outcome, 'CodeCR');
  if (code === '01') return { kind: 'answer', answer: { i_insIdentityResult: 1, Identity: null } };
  if (code === '02') return { kind: 'answer', answer: { i_insIdentityResult: 3, Identity: null } };
  if (code !== '00') throw new UnreadableAnswer(`CodeCR ${code ?? 'missing'}`);

  const active = findElement(result, 'INSACTIF');
  const traits = findElement(result, 'TIQ');
  if (!active || !traits) throw new UnreadableAnswer('INSACTIF or TIQ is missing');
  const sex = required(traits, 'Sexe');
  if (!isSex(sex)) throw new UnreadableAnswer(`Sexe ${sex}`);
  const firstNames = required(traits, 'ListePrenom');
  return {
    kind: 'answer',
    answer: {
      i_insIdentityResult: 2,
      Identity: {
        Ins: {
          s_value: required(active, 'NumIdentifiant'),
          s_key: required(active, 'Cle'),
          s_oid: required(active, 'OID'),
        },
        s_birthName: required(traits, 'NomNaissance'),
        s_firstNames: firstNames,
        // Prenom is the first of the first names; older answers leave it out.
        s_usualFirstName: elementText(traits, 'Prenom') || (firstNames.split(' ')[0] ?? firstNames),
        s_sex: sex,
        s_birthDate: required(traits, 'DateNaissance'),
        s_birthPlace: elementText(traits, 'LieuNaissance') ?? '',
      },
    },
  };
}
