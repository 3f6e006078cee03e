import {
  type CiqSettingRow,
  type ImportControlLine,
  type ImportFileType,
  type ImportMappingRow,
  type ImportPreviewLine,
  type ResultFlag,
  resultPatientOf,
  SAMPLE_STATUS,
  type UnmatchedLine,
  type UnmatchedReason,
  zScore,
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
  /** Control values of the machine's CIQ targets, written into a control run. */
  controls: ImportControlLine[];
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

const controlKey = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s_/-]+/g, ' ');

/**
 * The CIQ target a row's sample id names for the row's parameter: its control level, its lot, or
 * both ('N1 L2301', 'N1/L2301', 'N1-L2301'). A level shared by several active lots of the parameter
 * names none of them (the lot must then be in the id).
 */
function controlTargetOf(
  sampleRef: string,
  parameterId: string,
  targets: readonly CiqSettingRow[],
): CiqSettingRow | undefined {
  const ref = controlKey(sampleRef);
  if (!ref) return undefined;
  const named = targets.filter((target) => {
    if (target.parameter_id !== parameterId) return false;
    const level = controlKey(target.ciq_level);
    const lot = controlKey(target.ciq_lot);
    return ref === level || ref === lot || ref === `${level} ${lot}` || ref === `${lot} ${level}`;
  });
  return named.length === 1 ? named[0] : undefined;
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
  /** The active CIQ targets of the import's machine (none without a machine). */
  controlTargets: readonly CiqSettingRow[] = [],
): ImportPlan {
  const mappingOf = new Map(mappings.map((mapping) => [mapping.mapping_instrument_code, mapping]));
  const parametersOfSample = new Map<string, Set<string>>();
  const seen = new Set<string>();
  const unmapped = new Set<string>();
  const writes: PlannedWrite[] = [];
  const controls: ImportControlLine[] = [];
  const controlsSeen = new Set<string>();
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
    // A control of the machine: its value goes to the control run, read by the Westgard rules.
    const target =
      mapping && row.kind !== 'blank' && row.kind !== 'standard' && !context.samples.has(row.sampleRef)
        ? controlTargetOf(row.sampleRef, mapping.mapping_parameter, controlTargets)
        : undefined;
    if (target) {
      if (row.valueNumber === null || row.censored !== null) skip(row, 'noValue');
      else if (controlsSeen.has(target.ciq_setting_id)) skip(row, 'duplicate');
      else {
        controlsSeen.add(target.ciq_setting_id);
        controls.push({
          line: row.line,
          sample_ref: row.sampleRef,
          instrument_code: row.instrumentCode,
          ciq_setting_id: target.ciq_setting_id,
          parameter_name: target.parameter_name,
          ciq_level: target.ciq_level,
          ciq_lot: target.ciq_lot,
          ciq_value: row.valueNumber,
          ciq_z: zScore(row.valueNumber, { mean: target.ciq_mean, sd: target.ciq_sd }),
        });
      }
      continue;
    }
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
  return { writes, controls, unmatched, unmappedCodes: [...unmapped].sort() };
}
