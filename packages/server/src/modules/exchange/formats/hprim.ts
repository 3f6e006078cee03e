import type { Hl7Segment } from '@medplum/core';
import type { ExchangeDocument, ExchangeResult } from '../document.js';
import { compactDate, decimal, hprimTime, interpretationCodes, rangeText } from './common.js';
import { C, H, L, OBR, OBX, P } from './hprim-fields.js';
import { hl7Model, namedSegment, Raw } from './segments.js';

/** HPRIM Santé limits a record to 220 characters; the rest goes on continuation records 'A|'. */
export const HPRIM_LINE_LIMIT = 220;
const LINE_END = '\r\n';

/** HPRIM's flags are HL7's L, H, LL, HH, N; the others (positive, detection limits) are not sent. */
const HPRIM_FLAGS: Record<string, string> = { L: 'L', H: 'H', A: 'A', AA: 'HH', N: 'N' };

function observationValueOf(result: ExchangeResult): [string, string] {
  if (result.value === null) return ['TX', result.text ?? ''];
  const number = decimal(result.value, result.decimals);
  return result.censored ? ['ST', `${result.censored}${number}`] : ['NM', number];
}

/** One record, cut into continuation records past the line limit. */
function lines(record: Hl7Segment): string[] {
  const text = record.toString();
  if (text.length <= HPRIM_LINE_LIMIT) return [text];
  const out = [text.slice(0, HPRIM_LINE_LIMIT)];
  for (let at = HPRIM_LINE_LIMIT; at < text.length; at += HPRIM_LINE_LIMIT - 2)
    out.push(`A|${text.slice(at, at + HPRIM_LINE_LIMIT - 2)}`);
  return out;
}

/**
 * One of our ids in the 16 characters HPRIM gives an identifier (P 8.4): the first 64 bits of the
 * UUID, which stay unique among a laboratory's patients.
 */
export const hprimId = (id: string) => id.replaceAll('-', '').slice(0, 16).toUpperCase();

/** An identifier and a name in a field of at most `max` characters: the name gives way. */
const idAndName = (id: string, name: string, max: number) => [
  id,
  name.slice(0, Math.max(0, max - id.length - 1)),
];

/** The message name of H 7.3, a file name of at most 12 characters (8.3): the record number's end. */
const messageName = (recordNumber: string) => `${recordNumber.slice(-8)}.HPR`;

/**
 * HPRIM Santé 2.2 result message: a header H (version H2.2~C), the patient P, per analysis an OBR
 * and its results OBX (type, code, value, unit, range, flag, status F), the record's conclusion as
 * a comment C, and the end record L with the number of patients and of records. Records are
 * HL7-like segments, so @medplum/core's model builds them; lines end with CR LF. The checks of
 * hprim-field-list.ts hold for every message built here.
 */
export function buildHprim(doc: ExchangeDocument): string {
  // HPRIM's header names its delimiters in the order field, component, repetition, escape, sub:
  // '~^\&' makes '~' the component separator and '^' the repetition one.
  const { Hl7Context } = hl7Model();
  const context = new Hl7Context(LINE_END, '|', '~', '^', '\\', '&');
  const { patient, prescriber, laboratory } = doc;
  const status = doc.kind === 'final' ? 'F' : 'P';
  const sender = idAndName(laboratory.finess ?? hprimId(laboratory.id), laboratory.name, 40);
  const records: Hl7Segment[] = [
    namedSegment(context, H, {
      encodingCharacters: new Raw('~^\\&'),
      messageName: messageName(doc.record.number),
      sender,
      senderAddress: laboratory.address ?? null,
      messageType: 'ORU',
      senderPhone: laboratory.phone ?? null,
      // HPRIM requires a receiver: without a prescriber, the file is the laboratory's own copy.
      receiver: prescriber
        ? idAndName(
            prescriber.rpps ?? hprimId(prescriber.id),
            `${prescriber.surname} ${prescriber.firstName}`,
            40,
          )
        : sender,
      processingId: 'P',
      version: ['H2.2', 'C'],
      dateTimeOfMessage: hprimTime(doc.validatedAt),
    }),
    namedSegment(context, P, {
      sequenceNumber: '1',
      laboratoryPatientId: hprimId(patient.id),
      // P 8.5 holds the NIR alone (16 characters); the INS's OID goes with the other formats.
      nationalIdentifier: patient.ins?.value ?? null,
      patientName: idAndName(patient.surname.slice(0, 47), patient.firstName, 48),
      birthName: patient.birthName ?? null,
      dateOfBirth: compactDate(patient.dob),
      sex: patient.sex,
    }),
  ];
  doc.analyses.forEach((analysis, index) => {
    records.push(
      namedSegment(context, OBR, {
        sequenceNumber: String(index + 1),
        fillerOrderNumber: doc.record.number,
        universalServiceIdentifier: [analysis.code, analysis.name, analysis.codeSystem],
        observationDateTime: hprimTime(doc.record.collectedAt),
        orderingProvider: prescriber
          ? [prescriber.rpps ?? hprimId(prescriber.id), prescriber.surname, prescriber.firstName]
          : null,
        resultsReportDateTime: hprimTime(doc.validatedAt),
        resultStatus: status,
      }),
    );
    // HPRIM wants a result line under every OBR: a test not performed gets its text, status X.
    if (analysis.results.length === 0 && analysis.notPerformed)
      records.push(
        namedSegment(context, OBX, {
          sequenceNumber: '1',
          valueType: 'TX',
          observationIdentifier: [analysis.code, analysis.name, 'L'],
          observationValue: analysis.notPerformed.text,
          resultStatus: 'X',
        }),
      );
    analysis.results.forEach((result, position) => {
      const [valueType, observationValue] = observationValueOf(result);
      const flag = interpretationCodes(result)
        .map((code) => HPRIM_FLAGS[code])
        .find((code) => code !== undefined);
      records.push(
        namedSegment(context, OBX, {
          sequenceNumber: String(position + 1),
          valueType,
          observationIdentifier: [result.code, result.name, 'L'],
          observationValue,
          units: result.unit ?? null,
          referencesRange: rangeText(result),
          abnormalFlags: flag ?? null,
          resultStatus: status,
          dateTimeOfObservation: hprimTime(result.collectedAt),
          responsibleObserver: doc.biologist.name.slice(0, 60),
        }),
      );
    });
  });
  if (doc.conclusion)
    records.push(namedSegment(context, C, { sequenceNumber: '1', commentText: doc.conclusion }));
  records.push(
    namedSegment(context, L, {
      sequenceNumber: '1',
      patientCount: '1',
      recordCount: String(records.length - 1),
    }),
  );
  return `${records.flatMap(lines).join(LINE_END)}${LINE_END}`;
}
