import type { CdaHeader, XdsPerson } from './cda-header.js';
import { INS_ROOT, NATIONAL_PS_ROOT } from './codes.js';

/** HL7 v2 CX of an id: `id^^^&root&ISO^type` (NH: national health number, PI: the laboratory's own). */
const cx = (id: { root: string; extension: string }, type: 'NH' | 'PI') =>
  `${id.extension}^^^&${id.root}&ISO^${type}`;

/**
 * The XDS patient id: the INS when the CDA carries it (it does only for a qualified identity),
 * otherwise the laboratory's own patient id under its root. The source patient id is always the
 * laboratory's own.
 */
export function patientIds(header: CdaHeader) {
  const ins = header.patientIds.find((id) => INS_ROOT.test(id.root));
  const local = header.patientIds.find((id) => !INS_ROOT.test(id.root)) ?? header.patientIds[0];
  const own = local ? cx(local, 'PI') : '';
  return { patientId: ins ? cx(ins, 'NH') : own, sourcePatientId: own };
}

/** HL7 v2 XCN of a person: `id^family^given^^^^^^&root&ISO^D^^^type` (IDNPS: the national PS id). */
export const xcn = (person: XdsPerson) =>
  `${person.id}^${person.family}^${person.given}^^^^^^&${person.root}&ISO^D^^^${
    person.root === NATIONAL_PS_ROOT ? 'IDNPS' : 'RI'
  }`;

/** HL7 v2 XON of the laboratory: its name and, when it has one, its FINESS (IDNST). */
export function xon(organization: CdaHeader['organization']) {
  if (!organization.extension) return organization.name;
  return `${organization.name}^^^^^&${organization.root}&ISO^IDNST^^^${organization.extension}`;
}

/**
 * The source of the submission: the laboratory's OID root, under which the document's id is
 * (its registered OID, or the one derived from its FINESS: exchange/laboratory-oid.ts).
 */
export const sourceId = (header: CdaHeader) => header.id.root.split('.').slice(0, -1).join('.');

/** XDS uniqueId of the document: root^extension as the xsl writes it (the root alone without one). */
export const documentUniqueId = (header: CdaHeader) =>
  header.id.extension ? `${header.id.root}^${header.id.extension}` : header.id.root;

/** An OID made of a UUID (ITU-T X.667: 2.25 then the UUID as one integer), for the submission set. */
export const uuidOid = (uuid: string) => `2.25.${BigInt(`0x${uuid.replace(/-/g, '')}`).toString()}`;

/** PID-5, PID-7 and PID-8 of the patient as the CDA names them (the birth name first, 'L'egal). */
export const sourcePatientInfo = (header: CdaHeader) => [
  `PID-5|${header.patient.family}^${header.patient.given}^^^^^L`,
  `PID-7|${header.patient.birthTime}`,
  `PID-8|${header.patient.gender}`,
];

/** A CDA TS (YYYYMMDDHHMMSS+ZZZZ) as XDS's DTM, in UTC, as XDS asks (no offset). */
export function utcTime(ts: string): string {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})?(\d{2})?(\d{2})?([+-]\d{4})?/.exec(ts);
  if (!match) return '';
  const [, year, month, day, hour, minute, second, offset] = match;
  if (!hour || !offset) return `${year}${month}${day}${hour ?? ''}${minute ?? ''}${second ?? ''}`;
  const sign = offset.startsWith('-') ? 1 : -1;
  const shift = sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(3, 5)));
  const utc = new Date(
    Date.UTC(
      Number(year),
      Number(month) - 1,
      Number(day),
      Number(hour),
      Number(minute ?? 0) + shift,
      Number(second ?? 0),
    ),
  );
  return utc.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}
