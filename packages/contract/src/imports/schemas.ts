import { z } from 'zod';
import { CIQ_RUN_STATUSES } from '../ciq/schemas.js';
import { importFileTypeSchema } from '../enums.js';
import { RESULT_FLAGS } from '../results/interpret.js';
import { stamp } from '../rows/stamps.js';

/** The largest instrument file the import reads (a 10,000-row export is about 1 MiB). */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

/** A PCR positivity cut-off (Ct/Cq): at or under it the target is detected. */
export const pcrCutoff = z.number().finite().min(0).max(99);

export const ImportMappingsQuery = z.object({
  file_type: importFileTypeSchema,
  machine_id: z.uuid().optional(),
});

export const ImportMappingLine = z.object({
  instrument_code: z.string().trim().min(1).max(200),
  parameter_id: z.uuid(),
  pcr_cutoff: pcrCutoff.nullable().optional(),
});

/** The whole mapping of a type and machine, as the administrator's screen saves it. */
export const UpdateImportMappingsBody = z.object({
  file_type: importFileTypeSchema,
  machine_id: z.uuid().nullable().optional(),
  mappings: z
    .array(ImportMappingLine)
    .max(1000)
    .refine((lines) => new Set(lines.map((line) => line.instrument_code)).size === lines.length, {
      message: 'one line per instrument code',
    }),
});

export const ImportMappingRow = z.object({
  mapping_id: z.uuid(),
  mapping_file_type: importFileTypeSchema,
  mapping_machine: z.uuid().nullable(),
  mapping_instrument_code: z.string(),
  mapping_parameter: z.uuid(),
  parameter_name: z.string(),
  mapping_pcr_cutoff: z.number().nullable(),
  mapping_last_updated: stamp,
});
export type ImportMappingRow = z.infer<typeof ImportMappingRow>;
export const ImportMappings = z.object({ mappings: z.array(ImportMappingRow) });

/** The multipart fields beside the file of a preview or an import. */
export const ImportFields = z.object({
  file_type: importFileTypeSchema,
  machine_id: z.uuid().optional(),
});

/** Why a row of the file will not be written. */
export const UNMATCHED_REASONS = [
  'unknownSample',
  'unknownCode',
  'parameterNotInSample',
  'sampleValidated',
  'recordLocked',
  'duplicate',
  'notASample',
  'noValue',
  'outOfBounds',
] as const;
export type UnmatchedReason = (typeof UNMATCHED_REASONS)[number];

/** A value the import will write, read as the bench reads it (calculated value, flags). */
export const ImportPreviewLine = z.object({
  line: z.number().int(),
  sample_id: z.uuid(),
  sample_number: z.string(),
  parameter_id: z.uuid(),
  parameter_name: z.string(),
  instrument_code: z.string(),
  raw_text: z.string(),
  result_value: z.number().nullable(),
  result_text: z.string().nullable(),
  result_calculated: z.number().nullable(),
  result_censored: z.enum(['<', '>']).nullable(),
  result_unit: z.string().nullable(),
  result_flags: z.array(z.enum(RESULT_FLAGS)),
  previous_value: z.number().nullable(),
  previous_text: z.string().nullable(),
  change: z.enum(['new', 'changed', 'same']),
});
export type ImportPreviewLine = z.infer<typeof ImportPreviewLine>;

export const UnmatchedLine = z.object({
  line: z.number().int(),
  sample_ref: z.string(),
  instrument_code: z.string(),
  raw_text: z.string(),
  reason: z.enum(UNMATCHED_REASONS),
});
export type UnmatchedLine = z.infer<typeof UnmatchedLine>;

/**
 * A control value of the file: its sample id names a control level or lot of a CIQ target of the
 * import's machine (issue 14). The import writes them into a new control run of the machine, each
 * read by the Westgard rules; `ciq_z` is its distance to the target in SD.
 */
export const ImportControlLine = z.object({
  line: z.number().int(),
  sample_ref: z.string(),
  instrument_code: z.string(),
  ciq_setting_id: z.uuid(),
  parameter_name: z.string(),
  ciq_level: z.string(),
  ciq_lot: z.string(),
  ciq_value: z.number(),
  ciq_z: z.number(),
});
export type ImportControlLine = z.infer<typeof ImportControlLine>;

/** What a row of an instrument file is, as the file says (Unknown, Std, NTC, QC…). */
export const IMPORT_ROW_KINDS = ['sample', 'control', 'standard', 'blank'] as const;
export type ImportRowKind = (typeof IMPORT_ROW_KINDS)[number];

/**
 * A sample id of the file that matches no sample of the laboratory (nor a CIQ control of the
 * machine), once for each kind of row it is written on: where it first is and on how many rows.
 */
export const UnknownSampleLine = z.object({
  sample_ref: z.string(),
  kind: z.enum(IMPORT_ROW_KINDS),
  line: z.number().int(),
  rows: z.number().int(),
});
export type UnknownSampleLine = z.infer<typeof UnknownSampleLine>;

/**
 * An internal standard (ISTD) of an LC/GC-MS/MS injection: its peak's area and retention time
 * are the injection's quality control, never a patient result. `istd_area_percent` is the area
 * against the mean area of the same standard in the file's calibrators (null without any).
 */
export const ImportInternalStandardLine = z.object({
  line: z.number().int(),
  sample_ref: z.string(),
  kind: z.enum(IMPORT_ROW_KINDS),
  instrument_code: z.string(),
  istd_area: z.number().nullable(),
  istd_retention_time: z.number().nullable(),
  istd_area_percent: z.number().nullable(),
});
export type ImportInternalStandardLine = z.infer<typeof ImportInternalStandardLine>;

export const ImportPreview = z.object({
  file_type: importFileTypeSchema,
  encoding: z.string(),
  total_rows: z.number().int(),
  samples: z.number().int(),
  parameters: z.array(
    z.object({
      parameter_id: z.uuid(),
      parameter_name: z.string(),
      instrument_code: z.string(),
      count: z.number(),
    }),
  ),
  lines: z.array(ImportPreviewLine),
  controls: z.array(ImportControlLine),
  unmatched: z.array(UnmatchedLine),
  unknown_samples: z.array(UnknownSampleLine),
  internal_standards: z.array(ImportInternalStandardLine),
  unmapped_codes: z.array(z.string()),
  already_imported_at: stamp.nullable(),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

export const ImportAnswer = z.object({
  import_id: z.uuid().nullable(),
  written: z.number().int(),
  unchanged: z.number().int(),
  unmatched: z.number().int(),
  samples: z.number().int(),
  already_imported_at: stamp.nullable(),
  /** Control values written into the control run the import opened (none on a second import). */
  controls: z.number().int(),
  ciq_run_id: z.uuid().nullable(),
  ciq_run_status: z.enum(CIQ_RUN_STATUSES).nullable(),
  /** The file's sample ids that match no sample, once per kind of row (the preview's list). */
  unknown_samples: z.array(UnknownSampleLine),
  /** The internal standards' peaks of the file's injections (the preview's list). */
  internal_standards: z.array(ImportInternalStandardLine),
});
export type ImportAnswer = z.infer<typeof ImportAnswer>;
