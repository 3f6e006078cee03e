import type { Hl7Segment } from '@medplum/core';
import type { ExchangeDocument, ExchangeResult } from '../document.js';
import { compactDate, decimal, hprimTime, interpretationCodes, rangeText } from './common.js';
import { type FieldValue, hl7Model, Raw, segment } from './segments.js';

/** HPRIM Santé limits a record to 220 characters; the rest goes on continuation records 'A|'. */
export const HPRIM_LINE_LIMIT = 220;
const LINE_END = '\r\n';

/** HPRIM's flags are HL7's L, H, LL, HH, N; the others (positive, detection limits) are not sent. */
const HPRIM_FLAGS: Record<string, string> = { L: 'L', H: 'H', A: 'A', AA: 'HH', N: 'N' };

function observationValue(result: ExchangeResult): [string, string] {
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
 * HPRIM Santé 2.2 result message: a header H (version H2.2^C, delimiters ~^\&), the patient P, per
 * analysis an OBR and its results OBX (type, code, value, unit, range, flag, status F), the record's
 * conclusion as a comment C, and the end record L with the number of patients and of records.
 * Records are HL7-like segments, so @medplum/core's model builds them; lines end with CR LF.
 */
export function buildHprim(doc: ExchangeDocument, fileName: string): string {
  // HPRIM's header names its delimiters in the order field, repetition, component, escape, sub.
  const { Hl7Context } = hl7Model();
  const context = new Hl7Context(LINE_END, '|', '^', '~', '\\', '&');
  const s = (name: string, fields: FieldValue[]) => segment(context, name, fields);
  const { patient, prescriber } = doc;
  const status = doc.kind === 'final' ? 'F' : 'P';
  const records: Hl7Segment[] = [
    s('H', [
      new Raw('~^\\&'),
      fileName,
      null,
      [doc.laboratory.finess ?? doc.laboratory.id, doc.laboratory.name],
      doc.laboratory.address ?? null,
      'ORU',
      doc.laboratory.phone ?? null,
      null,
      prescriber ? [prescriber.rpps ?? prescriber.id, `${prescriber.surname} ${prescriber.firstName}`] : null,
      null,
      'P',
      ['H2.2', 'C'],
      hprimTime(doc.validatedAt),
    ]),
    s('P', [
      '1',
      null,
      patient.id,
      patient.ins ? [patient.ins.value, patient.ins.oid] : null,
      [patient.surname, patient.firstName],
      patient.birthName ?? null,
      compactDate(patient.dob),
      patient.sex,
    ]),
  ];
  doc.analyses.forEach((analysis, index) => {
    records.push(
      s('OBR', [
        String(index + 1),
        null,
        doc.record.number,
        [analysis.code, analysis.name, analysis.codeSystem],
        null,
        null,
        hprimTime(doc.record.collectedAt),
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        prescriber ? [prescriber.rpps ?? prescriber.id, prescriber.surname, prescriber.firstName] : null,
        null,
        null,
        null,
        null,
        null,
        hprimTime(doc.validatedAt),
        null,
        null,
        status,
      ]),
    );
    analysis.results.forEach((result, position) => {
      const [type, value] = observationValue(result);
      const flag = interpretationCodes(result)
        .map((code) => HPRIM_FLAGS[code])
        .find((code) => code !== undefined);
      records.push(
        s('OBX', [
          String(position + 1),
          type,
          [result.code, result.name, 'L'],
          null,
          value,
          result.unit ?? null,
          rangeText(result),
          flag ?? null,
          null,
          null,
          status,
          null,
          null,
          hprimTime(result.collectedAt),
          null,
          doc.biologist.name,
        ]),
      );
    });
  });
  if (doc.conclusion) records.push(s('C', ['1', null, doc.conclusion]));
  records.push(s('L', ['1', null, '1', String(records.length - 1)]));
  return `${records.flatMap(lines).join(LINE_END)}${LINE_END}`;
}
