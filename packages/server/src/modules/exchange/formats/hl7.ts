import type { ExchangeDocument, ExchangeResult } from '../document.js';
import { compactDate, decimal, hl7Time, interpretationCodes, rangeText } from './common.js';
import { MSH, NTE, OBR, OBX, ORC, PID } from './hl7-fields.js';
import { type FieldValue, hl7Model, namedSegment, Raw, sub } from './segments.js';

/** Assigning authorities of the national identifiers (IHE PAM France, ANS). */
export const INS_AUTHORITIES: Record<string, string> = {
  '1.2.250.1.213.1.4.8': 'ASIP-SANTE-INS-NIR',
  '1.2.250.1.213.1.4.9': 'ASIP-SANTE-INS-NIA',
  '1.2.250.1.213.1.4.10': 'ASIP-SANTE-INS-NIR-TEST',
  '1.2.250.1.213.1.4.11': 'ASIP-SANTE-INS-NIA-TEST',
};
export const RPPS_OID = '1.2.250.1.71.4.2.1';

/** The value type and OBX-5 of a result: NM, SN for a censored number ('<^0.5'), ST for text. */
function observationValueOf(result: ExchangeResult): [string, FieldValue] {
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
    namedSegment(context, MSH, {
      encodingCharacters: new Raw(context.getMsh2()),
      sendingApplication: 'SIL',
      sendingFacility: doc.laboratory.finess
        ? [doc.laboratory.name, doc.laboratory.finess, 'FINESS']
        : doc.laboratory.name,
      dateTimeOfMessage: hl7Time(doc.validatedAt),
      messageType: ['ORU', 'R01', 'ORU_R01'],
      messageControlId: `${doc.id}-${doc.version}`,
      processingId: 'P',
      versionId: '2.5',
      acceptAcknowledgmentType: 'AL',
      applicationAcknowledgmentType: 'NE',
      countryCode: 'FRA',
      characterSet: 'UNICODE UTF-8',
    }),
    namedSegment(context, PID, {
      setId: '1',
      patientIdentifierList: identifiers,
      patientName: names,
      dateTimeOfBirth: compactDate(patient.dob),
      administrativeSex: patient.sex,
      identityReliabilityCode: patient.ins ? 'VALI' : null,
    }),
  ];
  doc.analyses.forEach((analysis, index) => {
    segments.push(
      namedSegment(context, ORC, {
        orderControl: 'RE',
        placerOrderNumber: doc.record.number,
        fillerOrderNumber: doc.record.number,
      }),
    );
    segments.push(
      namedSegment(context, OBR, {
        setId: String(index + 1),
        placerOrderNumber: doc.record.number,
        fillerOrderNumber: doc.record.number,
        universalServiceIdentifier: [analysis.code, analysis.name, analysis.codeSystem],
        observationDateTime: hl7Time(doc.record.collectedAt),
        orderingProvider,
        resultsReportStatusChangeDateTime: hl7Time(doc.validatedAt),
        resultStatus: status,
        principalResultInterpreter: [sub(context, doc.biologist.id, doc.biologist.name)],
      }),
    );
    analysis.results.forEach((result, position) => {
      const [valueType, observationValue] = observationValueOf(result);
      segments.push(
        namedSegment(context, OBX, {
          setId: String(position + 1),
          valueType,
          observationIdentifier: result.loinc
            ? [result.loinc, result.name, 'LN', result.code, result.name, 'L']
            : [result.code, result.name, 'L'],
          observationValue,
          units: result.unit ?? null,
          referencesRange: rangeText(result),
          abnormalFlags: interpretationCodes(result).map((code) => [code]),
          observationResultStatus: status,
          dateTimeOfTheObservation: hl7Time(result.collectedAt),
          dateTimeOfTheAnalysis: hl7Time(doc.validatedAt),
        }),
      );
    });
  });
  if (doc.conclusion)
    segments.push(namedSegment(context, NTE, { setId: '1', sourceOfComment: 'L', comment: doc.conclusion }));
  return new Hl7Message(segments, context).toString();
}
