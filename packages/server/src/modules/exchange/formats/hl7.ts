import type { ExchangeDocument, ExchangeResult } from '../document.js';
import { compactDate, decimal, hl7Time, interpretationCodes, rangeText } from './common.js';
import { type FieldValue, hl7Model, Raw, segment, sub } from './segments.js';

/** Assigning authorities of the national identifiers (IHE PAM France, ANS). */
export const INS_AUTHORITIES: Record<string, string> = {
  '1.2.250.1.213.1.4.8': 'ASIP-SANTE-INS-NIR',
  '1.2.250.1.213.1.4.9': 'ASIP-SANTE-INS-NIA',
  '1.2.250.1.213.1.4.10': 'ASIP-SANTE-INS-NIR-TEST',
  '1.2.250.1.213.1.4.11': 'ASIP-SANTE-INS-NIA-TEST',
};
export const RPPS_OID = '1.2.250.1.71.4.2.1';

/** The value type and OBX-5 of a result: NM, SN for a censored number ('<^0.5'), ST for text. */
function observationValue(result: ExchangeResult): [string, FieldValue] {
  if (result.value === null) return ['ST', result.text ?? ''];
  const number = decimal(result.value, result.decimals);
  return result.censored ? ['SN', [result.censored, number]] : ['NM', number];
}

/**
 * HL7 v2.5 ORU^R01 with the French profile's identities: PID-3 carries the INS with its OID as
 * assigning authority when the identity is qualified (PID-32 VALI), beside the laboratory's patient
 * id; one OBR per analysis, one OBX per result with its unit, range and abnormal flags (LOINC as
 * the first coding when the parameter has one). Built and serialized with @medplum/core's HL7 model.
 */
export function buildHl7(doc: ExchangeDocument): string {
  const { Hl7Context, Hl7Message } = hl7Model();
  const context = new Hl7Context();
  const s = (name: string, fields: FieldValue[]) => segment(context, name, fields);
  const { patient, prescriber } = doc;
  const identifiers: FieldValue = [
    ...(patient.ins
      ? [
          [
            patient.ins.value,
            null,
            null,
            sub(context, INS_AUTHORITIES[patient.ins.oid] ?? 'INS', patient.ins.oid, 'ISO'),
            'INS',
          ],
        ]
      : []),
    [patient.id, null, null, sub(context, doc.laboratory.name), 'PI'],
  ];
  const names: FieldValue = [
    [patient.birthName ?? patient.surname, patient.firstName, null, null, null, null, 'L'],
    ...(patient.birthName && patient.birthName !== patient.surname
      ? [[patient.surname, patient.firstName, null, null, null, null, 'D']]
      : []),
  ];
  const pidFields: FieldValue[] = Array.from({ length: 32 }, () => null);
  pidFields[0] = '1';
  pidFields[2] = identifiers;
  pidFields[4] = names;
  pidFields[6] = compactDate(patient.dob);
  pidFields[7] = patient.sex;
  pidFields[31] = patient.ins ? 'VALI' : null;

  const orderingProvider: FieldValue = prescriber
    ? [
        prescriber.rpps ?? prescriber.id,
        prescriber.surname,
        prescriber.firstName,
        null,
        null,
        prescriber.title ?? null,
        null,
        null,
        prescriber.rpps ? sub(context, 'ASIP-SANTE-PS', RPPS_OID, 'ISO') : sub(context, doc.laboratory.name),
        'D',
        null,
        null,
        prescriber.rpps ? 'RPPS' : 'PI',
      ]
    : null;
  const status = doc.kind === 'final' ? 'F' : 'P';

  const segments = [
    s('MSH', [
      new Raw(context.getMsh2()),
      'SIL',
      doc.laboratory.finess ? [doc.laboratory.name, doc.laboratory.finess, 'FINESS'] : doc.laboratory.name,
      null,
      null,
      hl7Time(doc.validatedAt),
      null,
      ['ORU', 'R01', 'ORU_R01'],
      `${doc.id}-${doc.version}`,
      'P',
      '2.5',
      null,
      null,
      'AL',
      'NE',
      'FRA',
      'UNICODE UTF-8',
    ]),
    s('PID', pidFields),
  ];
  doc.analyses.forEach((analysis, index) => {
    segments.push(s('ORC', ['RE', doc.record.number, doc.record.number]));
    segments.push(
      s('OBR', [
        String(index + 1),
        doc.record.number,
        doc.record.number,
        [analysis.code, analysis.name, analysis.codeSystem],
        null,
        null,
        hl7Time(doc.record.collectedAt),
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        orderingProvider,
        null,
        null,
        null,
        null,
        null,
        hl7Time(doc.validatedAt),
        null,
        null,
        status,
        null,
        null,
        null,
        null,
        null,
        null,
        [sub(context, doc.biologist.id, doc.biologist.name)],
      ]),
    );
    analysis.results.forEach((result, position) => {
      const [type, value] = observationValue(result);
      segments.push(
        s('OBX', [
          String(position + 1),
          type,
          result.loinc
            ? [result.loinc, result.name, 'LN', result.code, result.name, 'L']
            : [result.code, result.name, 'L'],
          null,
          value,
          result.unit ?? null,
          rangeText(result),
          interpretationCodes(result).map((code) => [code]),
          null,
          null,
          status,
          null,
          null,
          hl7Time(result.collectedAt),
          null,
          null,
          null,
          null,
          hl7Time(doc.validatedAt),
        ]),
      );
    });
  });
  if (doc.conclusion) segments.push(s('NTE', ['1', 'L', doc.conclusion]));
  return new Hl7Message(segments, context).toString();
}
