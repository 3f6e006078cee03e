import type { InsLookupAnswer } from '@sil/contract';
import { attributeValue, elementText, escapeAttribute, escapeText, findElement } from './insi-soap-xml.js';

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

const tag = (name: string, value: string) => `<${name}>${escapeText(value)}</${name}>`;

/** The SOAP 1.2 request, with WS-Addressing, the BAM and LPS context headers and the five traits. */
export function searchEnvelope(parts: EnvelopeParts): string {
  const { request, software } = parts;
  const time = parts.now.toISOString();
  const header = [
    `<wsa:Action>${INSI_SEARCH_ACTION}</wsa:Action>`,
    tag('wsa:MessageID', `uuid:${parts.messageId}`),
    // No health-insurance card is read in this search, so the coverage block stays empty.
    `<ctxbam:ContexteBAM Version="01_02">${tag('ctxbam:Id', parts.contextId)}${tag('ctxbam:Temps', time)}${tag(
      'ctxbam:Emetteur',
      parts.emitter,
    )}<ctxbam:COUVERTURE></ctxbam:COUVERTURE></ctxbam:ContexteBAM>`,
    `<ctxlps:ContexteLPS Nature="CTXLPS" Version="01_00">${tag('ctxlps:Id', parts.contextId)}${tag(
      'ctxlps:Temps',
      time,
    )}${tag('ctxlps:Emetteur', parts.emitter)}<ctxlps:LPS><ctxlps:IDAM R="4">${escapeText(
      software.authorisation,
    )}</ctxlps:IDAM>${tag('ctxlps:Version', software.version)}${tag('ctxlps:Instance', software.instance)}${tag(
      'ctxlps:Nom',
      `urn:lps:${software.name}:${software.version}`,
    )}</ctxlps:LPS></ctxlps:ContexteLPS>`,
    parts.assertion ? `<wsse:Security>${parts.assertion}</wsse:Security>` : '',
  ].join('');
  const body = [
    tag('ins:NomNaissance', request.birthName),
    tag('ins:Prenom', request.firstName),
    tag('ins:Sexe', request.sex),
    tag('ins:DateNaissance', request.birthDate),
    request.birthPlace ? tag('ins:LieuNaissance', request.birthPlace) : '',
  ].join('');
  const declarations = Object.entries(NS)
    .map(([prefix, uri]) => ` xmlns:${prefix}="${escapeAttribute(uri)}"`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><soap:Envelope${declarations}><soap:Header>${header}</soap:Header><soap:Body><ins:RECSANSVITALE>${body}</ins:RECSANSVITALE></soap:Body></soap:Envelope>`;
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

export function readFault(xml: string): InsiFault | null {
  const fault = findElement(xml, 'Fault');
  if (!fault) return null;
  const subcode = findElement(fault.inner, 'Subcode');
  const error = findElement(fault.inner, 'Erreur');
  return {
    subcode: subcode ? elementText(subcode.inner, 'Value') : null,
    reason: elementText(fault.inner, 'Text'),
    errorCode: error ? attributeValue(error.attributes, 'code') : null,
    error: elementText(fault.inner, 'Erreur'),
  };
}

const SEXES = ['M', 'F', 'I'] as const;
const isSex = (value: string): value is (typeof SEXES)[number] =>
  (SEXES as readonly string[]).includes(value);

function required(xml: string, localName: string): string {
  const value = elementText(xml, localName);
  if (!value) throw new UnreadableAnswer(`${localName} is missing`);
  return value;
}

/**
 * The answer of the search: CR 00 one identity (answer 2, with the active INS and the reference
 * traits), 01 none (answer 1), 02 several (answer 3). The active INS is read inside INSACTIF only,
 * because INSHISTO lists former identifiers in the same shape.
 */
export function readSearchAnswer(xml: string): SearchOutcome {
  const fault = readFault(xml);
  if (fault) return { kind: 'fault', fault };
  const result = findElement(xml, 'RESULTAT');
  if (!result) throw new UnreadableAnswer('RESULTAT is missing');
  const code = elementText(findElement(result.inner, 'CR')?.inner ?? '', 'CodeCR');
  if (code === '01') return { kind: 'answer', answer: { i_insIdentityResult: 1, Identity: null } };
  if (code === '02') return { kind: 'answer', answer: { i_insIdentityResult: 3, Identity: null } };
  if (code !== '00') throw new UnreadableAnswer(`CodeCR ${code ?? 'missing'}`);

  const active = findElement(result.inner, 'INSACTIF');
  const traits = findElement(result.inner, 'TIQ');
  if (!active || !traits) throw new UnreadableAnswer('INSACTIF or TIQ is missing');
  const sex = required(traits.inner, 'Sexe');
  if (!isSex(sex)) throw new UnreadableAnswer(`Sexe ${sex}`);
  const firstNames = required(traits.inner, 'ListePrenom');
  return {
    kind: 'answer',
    answer: {
      i_insIdentityResult: 2,
      Identity: {
        Ins: {
          s_value: required(active.inner, 'NumIdentifiant'),
          s_key: required(active.inner, 'Cle'),
          s_oid: required(active.inner, 'OID'),
        },
        s_birthName: required(traits.inner, 'NomNaissance'),
        s_firstNames: firstNames,
        // Prenom is the first of the first names; older answers leave it out.
        s_usualFirstName: elementText(traits.inner, 'Prenom') || (firstNames.split(' ')[0] ?? firstNames),
        s_sex: sex,
        s_birthDate: required(traits.inner, 'DateNaissance'),
        s_birthPlace: elementText(traits.inner, 'LieuNaissance') ?? '',
      },
    },
  };
}
