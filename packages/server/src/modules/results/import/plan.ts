import {
  type CiqSettingRow,
  type ImportControlLine,
  type ImportFileType,
  type ImportInternalStandardLine,
  type ImportMappingRow,
  type ImportPreviewLine,
  type ResultFlag,
  resultPatientOf,
  SAMPLE_STATUS,
  type UnknownSampleLine,
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
  /** The sample ids that match no sample, once per kind of row. */
  unknownSamples: UnknownSampleLine[];
  /** The internal standards' peaks: quality control of each injection, never written. */
  internalStandards: ImportInternalStandardLine[];
  unmappedCodes: string[];
}

/** The value written for a row: PCR rows become détecté / non détecté, keeping the Ct when any. */
function writtenValue(type: ImportFileType, row: ImportRow, mapping: ImportMappingRow) {
  // The instrument's verdict on the whole test ('SARS-CoV-2 NEGATIVE') is written in its words.
  if (row.role === 'testResult')
    return { value: null, text: NO_VALUE.test(row.valueText) ? null : row.valueText };
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

/**
 * Each internal standard's peak, with its area against the mean area of the same standard in the
 * file's calibrators: an injection whose standard came out far from them (a matrix effect, an
 * extraction or an injection gone wrong) is seen before its analytes are validated.
 */
function internalStandardLines(rows: readonly ImportRow[]): ImportInternalStandardLine[] {
  const calibrators = new Map<string, number[]>();
  for (const row of rows) {
    const area = row.istd?.area;
    if (row.kind !== 'standard' || area === null || area === undefined) continue;
    calibrators.set(row.instrumentCode, [...(calibrators.get(row.instrumentCode) ?? []), area]);
  }
  const meanOf = new Map(
    [...calibrators].map(([code, areas]) => [
      code,
      areas.reduce((sum, area) => sum + area, 0) / areas.length,
    ]),
  );
  return rows.flatMap((row) => {
    if (!row.istd) return [];
    const mean = meanOf.get(row.instrumentCode);
    const percent =
      row.istd.area !== null && mean !== undefined && mean > 0
        ? Math.round((row.istd.area / mean) * 1000) / 10
        : null;
    return [
      {
        line: row.line,
        sample_ref: row.sampleRef,
        kind: row.kind,
        instrument_code: row.instrumentCode,
        istd_area: row.istd.area,
        istd_retention_time: row.istd.retentionTime,
        istd_area_percent: percent,
      },
    ];
  });
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
  const unknownSamples = new Map<string, UnknownSampleLine>();
  // Listed once per id and kind of row, however many targets or compounds the file gives it.
  const unknownSample = (row: ImportRow) => {
    const key = `${row.kind}\u0000${row.sampleRef}`;
    const known = unknownSamples.get(key);
    if (known) known.rows++;
    else unknownSamples.set(key, { sample_ref: row.sampleRef, kind: row.kind, line: row.line, rows: 1 });
  };
  const skip = (row: ImportRow, reason: UnmatchedReason) =>
    unmatched.push({
      line: row.line,
      sample_ref: row.sampleRef,
      instrument_code: row.instrumentCode,
      raw_text: row.valueText,
      reason,
    });

  for (const row of rows) {
    // An internal standard is the injection's quality control (internalStandardLines), never a
    // result, whatever the mapping says of its code.
    if (row.role === 'internalStandard') {
      if (!context.samples.has(row.sampleRef)) unknownSample(row);
      continue;
    }
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
    if (!context.samples.has(row.sampleRef)) unknownSample(row);
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
  return {
    writes,
    controls,
    unmatched,
    unknownSamples: [...unknownSamples.values()],
    internalStandards: internalStandardLines(rows),
    unmappedCodes: [...unmapped].sort(),
  };
}
