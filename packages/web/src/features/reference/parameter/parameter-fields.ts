import { DELTA_KINDS, type ParameterRow } from '@sil/contract';
import type { FieldSpec as AnyFieldSpec } from '../../../lib/form/field-spec';

type FieldSpec = AnyFieldSpec<keyof ParameterRow & string>;

const text = (name: FieldSpec['name'], wide = false): FieldSpec => ({ name, kind: 'text', wide });
const flag = (name: FieldSpec['name']): FieldSpec => ({ name, kind: 'boolean' });
const number = (name: FieldSpec['name']): FieldSpec => ({ name, kind: 'number' });

/** The parameter's own fields, in the order of the form's 'general' section. */
export const GENERAL_FIELDS: readonly FieldSpec[] = [
  text('parameter_name'),
  text('parameter_code'),
  text('parameter_loinc'),
  { name: 'parameter_machine', kind: 'reference', table: 'machines' },
  { name: 'parameter_family', kind: 'reference', table: 'families' },
  { name: 'parameter_matrix', kind: 'reference', table: 'matrices' },
  { name: 'parameter_rank', kind: 'int' },
  text('parameter_medium'),
  text('parameter_method'),
  text('parameter_unit'),
  { name: 'parameter_decimals', kind: 'int' },
  number('parameter_lower_detection_limit'),
  number('parameter_upper_detection_limit'),
  // Explained under the input: what an empty minimum means, and how negatives are allowed.
  { ...number('parameter_plausible_min'), hint: true },
  { ...number('parameter_plausible_max'), hint: true },
  number('parameter_positivity_threshold'),
  text('parameter_technical_sheet'),
  flag('parameter_urine_sample'),
  flag('parameter_is_forensic'),
  flag('parameter_hidden'),
  flag('parameter_accredited_15189'),
  flag('parameter_accredited_17025'),
];

export const FORMULA_FIELDS = [
  'parameter_formula',
  'parameter_formula_male',
  'parameter_formula_female',
] as const;

export const CALCULATION_FIELDS: readonly FieldSpec[] = [
  flag('parameter_has_formula'),
  ...FORMULA_FIELDS.map((name) => text(name, true)),
  text('parameter_unit_after_calc'),
  flag('parameter_show_before_after'),
];

export const RANGE_SWITCH: FieldSpec = flag('parameter_default_range_only');

/** The delta check (issue 40): its kind, its limit and the window of days it looks back over. */
export const DELTA_FIELDS: readonly FieldSpec[] = [
  { name: 'parameter_delta_kind', kind: 'options', options: DELTA_KINDS, translate: true },
  { ...number('parameter_delta_limit'), hint: true },
  { name: 'parameter_delta_window_days', kind: 'int', hint: true },
];

/** Every field handled by react-hook-form; ranges and zones have editors of their own. */
export const PARAMETER_FIELDS: readonly FieldSpec[] = [
  ...GENERAL_FIELDS,
  ...CALCULATION_FIELDS,
  RANGE_SWITCH,
  ...DELTA_FIELDS,
];
