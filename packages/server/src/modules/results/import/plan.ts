import {
  type ImportFileType,
  type ImportMappingRow,
  type ImportPreviewLine,
  type ResultFlag,
  resultPatientOf,
  SAMPLE_STATUS,
  type UnmatchedLine,
  type UnmatchedReason,
} from '@sil/contract';
import { AppError } from '../../../lib/errors.js';
import { assertEditable } from '../../records/index.js';
import { storedReading } from '../reading.js';
import { FAMILY_OF_TYPE, type ImportRow, pcrCall } from './parsers/index.js';
import type { ImportContext } from './queries.js';

const PCR_FAMILIES = new Set(['quantStudio', 'cfxMaestro', 'm2000rt', 'geneXpert']);
/** What instruments write where there is no value: dashes, N/A, NaN, empty. */
const NO_VALUE = /^(-+|n\/a|nan|na|)$/i;

type Reading = ReturnType<typeof storedReading>;

/** A value the import writes: the preview line and what the results table stores for it. */
export interface PlannedWrite {
  preview: ImportPreviewLine;
  sampleId: string;
  parameterId: string;
  reading: Reading;
}

export interface ImportPlan {
  writes: PlannedWrite[];
  unmatched: UnmatchedLine[];
  unmappedCodes: string[];
}

/** The value written for a row: PCR rows become détecté / non détecté, keeping the Ct when any. */
function writtenValue(type: ImportFileType, row: ImportRow, mapping: ImportMappingRow) {
  if (PCR_FAMILIES.has(FAMILY_OF_TYPE[type])) {
    const call = pcrCall(row, mapping.mapping_pcr_cutoff ?? undefined);
    return { value: call === 'détecté' ? row.valueNumber : null, text: call ?? row.valueText };
  }
  // A limit the instrument wrote ('< 1 000') is kept as written: the measure itself is unknown.
  if (row.valueNumber !== null && row.censored === null) return { value: row.valueNumber, text: null };
  return { value: null, text: NO_VALUE.test(row.valueText) ? null : row.valueText };
}

const sameNumber = (a: number | null, b: number | null) =>
  a === null || b === null ? a === b : Math.abs(a - b) < 1e-6;

/**
 * Matches every row of a file to a sample and a parameter and reads its value as the bench does
 * (same formula, ranges and flags); every row that cannot be written is kept with why.
 */
export function planImport(
  type: ImportFileType,
  rows: ImportRow[],
  mappings: ImportMappingRow[],
  context: ImportContext,
): ImportPlan {
  const mappingOf = new Map(mappings.map((mapping) => [mapping.mapping_instrument_code, mapping]));
  const parametersOfSample = new Map<string, Set<string>>();
  const seen = new Set<string>();
  const unmapped = new Set<string>();
  const writes: PlannedWrite[] = [];
  const unmatched: UnmatchedLine[] = [];
  const skip = (row: ImportRow, reason: UnmatchedReason) =>
    unmatched.push({
      line: row.line,
      sample_ref: row.sampleRef,
      instrument_code: row.instrumentCode,
      raw_text: row.valueText,
      reason,
    });

  for (const row of rows) {
    const mapping = mappingOf.get(row.instrumentCode);
    if (!mapping) unmapped.add(row.instrumentCode);
    if (row.kind !== 'sample') {
      skip(row, 'notASample');
      continue;
    }
    const sample = context.samples.get(row.sampleRef);
    if (!sample) {
      skip(row, 'unknownSample');
      continue;
    }
    if (!mapping) {
      skip(row, 'unknownCode');
      continue;
    }
    let measured = parametersOfSample.get(sample.sample_id);
    if (!measured) {
      measured = new Set(sample.sample_analyses.flatMap((id) => context.analyses.get(id) ?? []));
      parametersOfSample.set(sample.sample_id, measured);
    }
    const parameter = context.parameters.get(mapping.mapping_parameter);
    if (!parameter || !measured.has(mapping.mapping_parameter)) {
      skip(row, 'parameterNotInSample');
      continue;
    }
    const owner = context.records.get(sample.sample_record);
    if (!owner) {
      skip(row, 'unknownSample');
      continue;
    }
    try {
      assertEditable(owner.record);
    } catch {
      skip(row, 'recordLocked');
      continue;
    }
    if (sample.sample_status >= SAMPLE_STATUS.validated) {
      skip(row, 'sampleValidated');
      continue;
    }
    const key = `${sample.sample_id}/${parameter.parameter_id}`;
    if (seen.has(key)) {
      skip(row, 'duplicate');
      continue;
    }
    const { value, text } = writtenValue(type, row, mapping);
    if (value === null && text === null) {
      skip(row, 'noValue');
      continue;
    }
    const conditions = resultPatientOf({
      patient: owner.patient,
      record: owner.record,
      sampleCollectedAt: sample.sample_collection_datetime,
    });
    let reading: Reading;
    try {
      reading = storedReading(parameter, conditions, sample.sample_matrix, value, text);
    } catch (error) {
      if (error instanceof AppError && error.code === 'outOfBounds') {
        skip(row, 'outOfBounds');
        continue;
      }
      throw error;
    }
    seen.add(key);
    const existing = context.results.get(key) ?? null;
    const same =
      existing !== null &&
      sameNumber(existing.result_value, value) &&
      (existing.result_text ?? null) === text;
    writes.push({
      sampleId: sample.sample_id,
      parameterId: parameter.parameter_id,
      reading,
      preview: {
        line: row.line,
        sample_id: sample.sample_id,
        sample_number: sample.sample_number,
        parameter_id: parameter.parameter_id,
        parameter_name: parameter.parameter_name,
        instrument_code: row.instrumentCode,
        raw_text: row.valueText,
        result_value: reading.result_value,
        result_text: reading.result_text,
        result_calculated: reading.result_calculated,
        result_censored: reading.result_censored as '<' | '>' | null,
        result_unit: reading.result_unit,
        result_flags: reading.result_flags as ResultFlag[],
        previous_value: existing?.result_value ?? null,
        previous_text: existing?.result_text ?? null,
        change: existing === null ? 'new' : same ? 'same' : 'changed',
      },
    });
  }
  return { writes, unmatched, unmappedCodes: [...unmapped].sort() };
}
