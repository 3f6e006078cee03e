import { z } from 'zod';
import { ciqFrequencySchema, referenceRangeCategorySchema } from '../enums.js';
import { checkFormula } from '../formula.js';
import { isValidLoinc } from '../identifiers.js';
import { parseRangeString } from '../range-string.js';
import { deltaKindSchema, MAX_DELTA_WINDOW_DAYS } from '../results/delta-check.js';
import {
  byUpdate,
  type EntityDefinition,
  MAX_DECIMAL,
  nabmCode,
  name,
  optionalBoolean,
  optionalId,
  optionalInt,
  optionalNumber,
  optionalText,
  paths,
} from './shared.js';

/** A formula field: empty, or an expression the restricted evaluator accepts. */
const formula = z
  .string()
  .trim()
  .max(500)
  .superRefine((text, ctx) => {
    if (text === '') return;
    const check = checkFormula(text);
    if (!check.ok) ctx.addIssue({ code: 'custom', message: `formula.${check.error}` });
  })
  .nullable()
  .optional();

export const ParameterRangeSchema = z.object({
  matrix_id: z.uuid().nullable().default(null),
  population: referenceRangeCategorySchema,
  min: z.coerce.number().finite().nullable().default(null),
  max: z.coerce.number().finite().nullable().default(null),
  comment: z.string().trim().max(500).nullable().default(null),
  delta: z.coerce.number().finite().nullable().default(null),
  post_conversion_comment: z.string().trim().max(500).nullable().default(null),
});
export type ParameterRangeInput = z.input<typeof ParameterRangeSchema>;

const BoundsSchema = z.object({
  min: z.coerce.number().finite().nullable().default(null),
  max: z.coerce.number().finite().nullable().default(null),
});
export const ZONES = ['therapeutic', 'toxic', 'deadly'] as const;
export const ParameterZonesSchema = z.object({
  therapeutic: BoundsSchema.optional(),
  toxic: BoundsSchema.optional(),
  deadly: BoundsSchema.optional(),
});

const percent = z.coerce.number().finite().min(0).max(100).nullable().optional();

export const parameters = {
  table: 'parameters',
  permission: 'admin_parameters',
  idField: 'parameter_id',
  stampField: 'parameter_last_updated',
  labelField: 'parameter_name',
  fields: {
    parameter_name: name,
    parameter_rank: optionalInt,
    parameter_code: optionalText(50),
    /** LOINC code of what is measured (exchange formats), its check digit checked. */
    parameter_loinc: z
      .string()
      .trim()
      .refine((text) => text === '' || isValidLoinc(text), 'loinc')
      .nullable()
      .optional(),
    parameter_machine: optionalId,
    parameter_family: optionalId,
    parameter_matrix: optionalId,
    parameter_medium: optionalText(200),
    parameter_method: optionalText(200),
    parameter_unit: optionalText(50),
    parameter_decimals: z.coerce.number().int().min(0).max(10).nullable().optional(),
    parameter_technical_sheet: optionalText(),
    parameter_urine_sample: optionalBoolean,
    parameter_positivity_threshold: optionalNumber,
    parameter_is_forensic: optionalBoolean,
    parameter_hidden: optionalBoolean,
    parameter_accredited_15189: optionalBoolean,
    parameter_accredited_17025: optionalBoolean,
    parameter_lower_detection_limit: optionalNumber,
    parameter_upper_detection_limit: optionalNumber,
    /**
     * Plausibility limits in the measured unit: a measure outside them is refused (outOfBounds).
     * Empty minimum: 0, unless the lower detection limit is negative; a negative minimum allows
     * negative values (plausibleBoundsOf in results/interpret.ts).
     */
    parameter_plausible_min: optionalNumber,
    parameter_plausible_max: optionalNumber,
    /**
     * Delta check (issue 40): how far a result may move from the patient's previous validated one
     * collected within the window, as an amount in the reported unit or a percentage of the previous
     * value; beyond it the result is flagged (deltaCheckOf in results/delta-check.ts). All three or
     * none (deltaLimitProblems, invalidDeltaLimit).
     */
    parameter_delta_kind: deltaKindSchema.nullable().optional(),
    parameter_delta_limit: z.coerce.number().finite().positive().max(MAX_DECIMAL).nullable().optional(),
    parameter_delta_window_days: z.coerce
      .number()
      .int()
      .min(1)
      .max(MAX_DELTA_WINDOW_DAYS)
      .nullable()
      .optional(),
    parameter_has_formula: optionalBoolean,
    parameter_formula: formula,
    parameter_formula_male: formula,
    parameter_formula_female: formula,
    parameter_unit_after_calc: optionalText(50),
    parameter_show_before_after: optionalBoolean,
    parameter_default_range_only: optionalBoolean,
    parameter_ranges: z.array(ParameterRangeSchema).max(200).optional(),
    parameter_zones: ParameterZonesSchema.optional(),
  },
  required: ['parameter_name'],
  sorts: {
    name: 'parameter_name',
    rank: 'parameter_rank',
    code: 'parameter_code',
    method: 'parameter_method',
    family: 'parameter_family',
    matrix: 'parameter_matrix',
    id: 'parameter_id',
  },
  defaultSort: byUpdate('parameter_last_updated'),
  search: ['parameter_name', 'parameter_code', 'parameter_method'],
  filters: {
    parameter_machine: { kind: 'reference', table: 'machines', permission: 'admin_machines' },
    parameter_family: { kind: 'reference', table: 'families', permission: 'admin_families' },
    parameter_matrix: { kind: 'reference', table: 'matrices', permission: 'admin_matrices' },
    parameter_is_forensic: { kind: 'boolean' },
    parameter_hidden: { kind: 'boolean' },
  },
  refersTo: {
    parameter_machine: { table: 'machines' },
    parameter_family: { table: 'families' },
    parameter_matrix: { table: 'matrices' },
  },
  unique: [
    { field: 'parameter_name', code: 'nameTaken' },
    { field: 'parameter_code', code: 'codeAlreadyInUse' },
  ],
  notFound: 'parameterNotFound',
  ruleErrors: [
    'invalidBounds',
    'invalidDeltaLimit',
    'unknownParameterCode',
    'formulaCycle',
    'parameterCodeReadByFormula',
  ],
  paths: paths('parameter', 'parameters'),
} as const satisfies EntityDefinition;

export const ForensicRemarkSchema = z.object({
  range: z
    .string()
    .trim()
    .refine((text) => parseRangeString(text) !== null, 'rangeString'),
  remark: z.string().trim().min(1).max(1000),
});

export const analyses = {
  table: 'analyses',
  permission: 'admin_analyses',
  idField: 'analysis_id',
  stampField: 'analysis_last_updated',
  labelField: 'analysis_name',
  // Clinic users choose the analyses of their external records from the catalogue (issue 17).
  externalsRead: true,
  fields: {
    analysis_name: name,
    analysis_matrix: optionalId,
    analysis_family: optionalId,
    analysis_sample_type: optionalId,
    analysis_nabm_codes: z.array(nabmCode).max(20).optional(),
    analysis_machines: z.array(z.uuid()).max(50).optional(),
    analysis_parameters: z.array(z.uuid()).max(500).optional(),
    analysis_visible: optionalBoolean,
    analysis_hide_in_report: optionalBoolean,
    /** Its results hide the record from the patient in the DMP until a consultation (docs/dmp.md). */
    analysis_dmp_invisible: optionalBoolean,
    analysis_sample_allocation: percent,
    analysis_custom_cost_cents: z.coerce.number().int().min(0).max(100_000_000).nullable().optional(),
    analysis_requires_sampling_time: optionalBoolean,
    analysis_accredited_15189: optionalBoolean,
    analysis_accredited_17025: optionalBoolean,
    analysis_is_forensic: optionalBoolean,
    analysis_forensic_remarks: z.array(ForensicRemarkSchema).max(50).optional(),
    analysis_ciq_enabled: optionalBoolean,
    analysis_ciq_instrument_code: optionalText(100),
    analysis_ciq_lis_analysis_name: optionalText(200),
    analysis_ciq_analysis_id: optionalText(100),
    analysis_ciq_control_name: optionalText(200),
    analysis_ciq_default_frequency: ciqFrequencySchema.nullable().optional(),
    analysis_ciq_analysis_name: optionalText(200),
  },
  required: ['analysis_name'],
  sorts: { name: 'analysis_name', family: 'analysis_family', matrix: 'analysis_matrix', id: 'analysis_id' },
  defaultSort: byUpdate('analysis_last_updated'),
  search: ['analysis_name', 'analysis_nabm_codes'],
  filters: {
    analysis_visible: { kind: 'boolean' },
    analysis_requires_sampling_time: { kind: 'boolean' },
    analysis_accredited_17025: { kind: 'boolean' },
    analysis_accredited_15189: { kind: 'boolean' },
    analysis_is_forensic: { kind: 'boolean' },
    analysis_hide_in_report: { kind: 'boolean' },
    analysis_dmp_invisible: { kind: 'boolean' },
    analysis_matrix: { kind: 'reference', table: 'matrices', permission: 'admin_matrices' },
    analysis_family: { kind: 'reference', table: 'families', permission: 'admin_families' },
    analysis_sample_type: { kind: 'reference', table: 'sample_types', permission: 'admin_sample_types' },
  },
  refersTo: {
    analysis_matrix: { table: 'matrices' },
    analysis_family: { table: 'families' },
    analysis_sample_type: { table: 'sample_types' },
    analysis_nabm_codes: { table: 'nabms', list: true },
    analysis_machines: { table: 'machines', list: true },
    analysis_parameters: { table: 'parameters', list: true },
  },
  unique: [{ field: 'analysis_name', code: 'nameTaken' }],
  notFound: 'analysisNotFound',
  ruleErrors: ['nabmConflict', 'analysisWithoutParameter'],
  paths: paths('analysis', 'analyses'),
} as const satisfies EntityDefinition;

interface BoundedValues {
  parameter_lower_detection_limit?: number | null;
  parameter_upper_detection_limit?: number | null;
  parameter_plausible_min?: number | null;
  parameter_plausible_max?: number | null;
  parameter_ranges?: ReadonlyArray<{ min: number | null; max: number | null }>;
  parameter_zones?: Partial<
    Record<(typeof ZONES)[number], { min: number | null; max: number | null } | undefined>
  >;
}

/**
 * Where a parameter's bounds contradict themselves (a minimum above its maximum): the fields to
 * fix, for the form to show live and for the server to refuse with invalidBounds. Plausibility
 * limits must have their minimum strictly below their maximum (equal, they would accept one value),
 * and the detection limits must lie within the ones written: a measure is censored at a detection
 * limit ('< 0.5') only if that limit is a value the parameter can have.
 */
export function parameterBoundsProblems(values: BoundedValues): string[] {
  const present = (value: number | null | undefined): value is number =>
    value !== null && value !== undefined;
  const inverted = (min: number | null | undefined, max: number | null | undefined) =>
    present(min) && present(max) && min > max;
  const problems: string[] = [];
  if (inverted(values.parameter_lower_detection_limit, values.parameter_upper_detection_limit)) {
    problems.push('parameter_lower_detection_limit');
  }
  // The plausible minimum is named when it is not below the maximum or above a detection limit,
  // the maximum when it is below a detection limit.
  const plausibleMin = values.parameter_plausible_min;
  const plausibleMax = values.parameter_plausible_max;
  const detection = [values.parameter_lower_detection_limit, values.parameter_upper_detection_limit].filter(
    present,
  );
  if (
    present(plausibleMin) &&
    ((present(plausibleMax) && plausibleMin >= plausibleMax) ||
      detection.some((limit) => limit < plausibleMin))
  ) {
    problems.push('parameter_plausible_min');
  }
  if (present(plausibleMax) && detection.some((limit) => limit > plausibleMax)) {
    problems.push('parameter_plausible_max');
  }
  values.parameter_ranges?.forEach((range, index) => {
    if (inverted(range.min, range.max)) problems.push(`parameter_ranges.${index}`);
  });
  for (const zone of ZONES) {
    const bounds = values.parameter_zones?.[zone];
    if (bounds && inverted(bounds.min, bounds.max)) problems.push(`parameter_zones.${zone}`);
  }
  return problems;
}
