import { createHash } from 'node:crypto';
import type {
  Bundle,
  BundleEntry,
  DiagnosticReport,
  Observation,
  Patient,
  Practitioner,
  Resource,
} from '@medplum/fhirtypes';
import type { ExchangeDocument, ExchangeResult } from '../document.js';
import { decimal, INTERPRETATION_NAMES, interpretationCodes } from './common.js';
import { RPPS_OID } from './hl7.js';

const LOINC = 'http://loinc.org';
const UCUM = 'http://unitsofmeasure.org';
const INTERPRETATION = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';
const IDENTIFIER_TYPE = 'https://hl7.fr/ig/fhir/core/CodeSystem/fr-core-cs-v2-0203';
/** Local code systems of the laboratory's catalogue, under its own base. */
const localSystem = (doc: ExchangeDocument, kind: 'parameter' | 'analysis' | 'patient' | 'user' | 'record') =>
  `urn:sil:${doc.laboratory.id}:${kind}`;
const NABM = 'urn:oid:1.2.250.1.213.2.4';
const urn = (id: string) => `urn:uuid:${id}`;
/** A stable UUID for a resource of the document (name-based, SHA-1, as RFC 9562's version 5). */
function derivedUuid(base: string, key: string): string {
  const hex = createHash('sha1').update(`${base}:${key}`).digest('hex');
  const variant = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A decimal as FHIR stores it: a JSON number with the parameter's decimals. */
const fhirDecimal = (value: number, decimals: number | null) => Number(decimal(value, decimals));

function observationValue(result: ExchangeResult): Partial<Observation> {
  if (result.value === null) return { valueString: result.text ?? '' };
  return {
    valueQuantity: {
      value: fhirDecimal(result.value, result.decimals),
      ...(result.censored ? { comparator: result.censored } : {}),
      ...(result.unit ? { unit: result.unit, system: UCUM, code: result.unit } : {}),
    },
  };
}

function referenceRange(result: ExchangeResult): Observation['referenceRange'] {
  if (result.low === null && result.high === null) return undefined;
  const quantity = (value: number) => ({
    value: fhirDecimal(value, result.decimals),
    ...(result.unit ? { unit: result.unit, system: UCUM, code: result.unit } : {}),
  });
  return [
    {
      ...(result.low !== null ? { low: quantity(result.low) } : {}),
      ...(result.high !== null ? { high: quantity(result.high) } : {}),
    },
  ];
}

/**
 * FHIR R4 bundle (type collection) of a validated record: the DiagnosticReport (LOINC 11502-2,
 * laboratory report), its Patient (INS identifier with the national OID when the identity is
 * qualified), the validating biologist and the prescriber as Practitioners, and one Observation per
 * result (LOINC coding when the parameter has one, the laboratory's code always), with unit, range
 * and interpretation. Typed with @medplum/fhirtypes.
 */
export function buildFhir(doc: ExchangeDocument): Bundle {
  const { patient, prescriber } = doc;
  const patientId = urn(patient.id);
  const biologistId = urn(doc.biologist.id);
  const prescriberId = prescriber ? urn(prescriber.id) : undefined;
  const status = doc.kind === 'final' ? 'final' : 'partial';

  const patientResource: Patient = {
    resourceType: 'Patient',
    identifier: [
      ...(patient.ins
        ? [
            {
              use: 'official' as const,
              type: { coding: [{ system: IDENTIFIER_TYPE, code: 'INS-NIR' }] },
              system: `urn:oid:${patient.ins.oid}`,
              value: patient.ins.value,
            },
          ]
        : []),
      { use: 'usual', system: localSystem(doc, 'patient'), value: patient.id },
    ],
    name: [
      { use: 'official', family: patient.birthName ?? patient.surname, given: [patient.firstName] },
      ...(patient.birthName && patient.birthName !== patient.surname
        ? [{ use: 'usual' as const, family: patient.surname, given: [patient.firstName] }]
        : []),
    ],
    gender: patient.sex === 'M' ? 'male' : patient.sex === 'F' ? 'female' : 'unknown',
    birthDate: patient.dob,
  };
  const biologist: Practitioner = {
    resourceType: 'Practitioner',
    identifier: [{ system: localSystem(doc, 'user'), value: doc.biologist.id }],
    name: [{ text: doc.biologist.name }],
  };
  const prescriberResource: Practitioner | undefined = prescriber && {
    resourceType: 'Practitioner',
    identifier: [
      prescriber.rpps
        ? { system: `urn:oid:${RPPS_OID}`, value: prescriber.rpps }
        : { system: localSystem(doc, 'user'), value: prescriber.id },
    ],
    name: [
      {
        family: prescriber.surname,
        given: [prescriber.firstName],
        ...(prescriber.title ? { prefix: [prescriber.title] } : {}),
      },
    ],
  };

  const laboratory = {
    coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'laboratory' }],
  };
  const observations: Array<{ id: string; resource: Observation }> = [];
  const panels: Array<{ id: string; resource: Observation }> = [];
  doc.analyses.forEach((analysis, analysisIndex) => {
    const members: string[] = [];
    analysis.results.forEach((result, index) => {
      const codes = interpretationCodes(result);
      const id = urn(derivedUuid(doc.id, `${analysisIndex}.${index}`));
      members.push(id);
      observations.push({
        id,
        resource: {
          resourceType: 'Observation',
          status: 'final',
          category: [laboratory],
          code: {
            coding: [
              ...(result.loinc ? [{ system: LOINC, code: result.loinc, display: result.name }] : []),
              { system: localSystem(doc, 'parameter'), code: result.code, display: result.name },
            ],
            text: result.name,
          },
          subject: { reference: patientId, type: 'Patient' },
          ...(result.collectedAt ? { effectiveDateTime: result.collectedAt } : {}),
          issued: doc.validatedAt,
          performer: [{ reference: biologistId, type: 'Practitioner' }],
          ...observationValue(result),
          ...(codes.length > 0
            ? {
                interpretation: codes.map((code) => ({
                  coding: [{ system: INTERPRETATION, code, display: INTERPRETATION_NAMES[code] }],
                })),
              }
            : {}),
          referenceRange: referenceRange(result),
          specimen: { display: result.sampleNumber },
        },
      });
    });
    // The analysis (HL7's OBR): a panel grouping its results, coded by its NABM act.
    panels.push({
      id: urn(derivedUuid(doc.id, `${analysisIndex}`)),
      resource: {
        resourceType: 'Observation',
        status: 'final',
        category: [laboratory],
        code: {
          coding: [
            {
              system: analysis.codeSystem === 'NABM' ? NABM : localSystem(doc, 'analysis'),
              code: analysis.code,
              display: analysis.name,
            },
          ],
          text: analysis.name,
        },
        subject: { reference: patientId, type: 'Patient' },
        ...(doc.record.collectedAt ? { effectiveDateTime: doc.record.collectedAt } : {}),
        issued: doc.validatedAt,
        hasMember: members.map((reference) => ({ reference, type: 'Observation' })),
      },
    });
  });

  const report: DiagnosticReport = {
    resourceType: 'DiagnosticReport',
    identifier: [{ system: localSystem(doc, 'record'), value: `${doc.record.number}-V${doc.version}` }],
    status,
    category: [
      {
        coding: [
          { system: 'http://terminology.hl7.org/CodeSystem/v2-0074', code: 'LAB', display: 'Laboratory' },
        ],
      },
    ],
    code: {
      coding: [{ system: LOINC, code: '11502-2', display: 'Laboratory report' }],
      text: 'Compte rendu d’examens de biologie médicale',
    },
    subject: { reference: patientId, type: 'Patient' },
    ...(doc.record.collectedAt ? { effectiveDateTime: doc.record.collectedAt } : {}),
    issued: doc.validatedAt,
    performer: [{ reference: biologistId, type: 'Practitioner', display: doc.laboratory.name }],
    resultsInterpreter: [{ reference: biologistId, type: 'Practitioner', display: doc.biologist.name }],
    result: panels.map(({ id }) => ({ reference: id, type: 'Observation' })),
    ...(doc.conclusion ? { conclusion: doc.conclusion } : {}),
  };
  const entry = (fullUrl: string, resource: Resource): BundleEntry => ({ fullUrl, resource });
  return {
    resourceType: 'Bundle',
    identifier: { system: 'urn:ietf:rfc:3986', value: urn(derivedUuid(doc.id, 'bundle')) },
    type: 'collection',
    timestamp: doc.validatedAt,
    entry: [
      entry(urn(doc.id), report),
      entry(patientId, patientResource),
      entry(biologistId, biologist),
      ...(prescriberResource && prescriberId ? [entry(prescriberId, prescriberResource)] : []),
      ...panels.map(({ id, resource }) => entry(id, resource)),
      ...observations.map(({ id, resource }) => entry(id, resource)),
    ],
  };
}
