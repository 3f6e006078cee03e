import { deltaLimitProblems, parameterBoundsProblems, referencesOf } from '@sil/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/open.js';
import { parameters } from '../../db/schema/catalogue.js';
import { nabms } from '../../db/schema/nabms.js';
import { fail } from '../../lib/errors.js';

type Row = Record<string, unknown>;
const numberOrNull = (value: unknown) =>
  typeof value === 'number' ? value : value === null || value === undefined ? null : Number(value);

/**
 * A parameter's detection limits, ranges and zones must each have their minimum at most their
 * maximum, its plausibility limits their minimum below their maximum with the detection limits
 * inside them, a delta limit its kind and its window, and the other results its formulas read must
 * exist and not loop back to it.
 */
export async function validateParameter(tx: Tx, laboratoryId: string, row: Row): Promise<void> {
  const ranges = Array.isArray(row.parameter_ranges)
    ? (row.parameter_ranges as Array<{ min: number | null; max: number | null }>)
    : [];
  const problems = parameterBoundsProblems({
    parameter_lower_detection_limit: numberOrNull(row.parameter_lower_detection_limit),
    parameter_upper_detection_limit: numberOrNull(row.parameter_upper_detection_limit),
    parameter_plausible_min: numberOrNull(row.parameter_plausible_min),
    parameter_plausible_max: numberOrNull(row.parameter_plausible_max),
    parameter_ranges: ranges,
    parameter_zones: (row.parameter_zones ?? {}) as Parameters<
      typeof parameterBoundsProblems
    >[0]['parameter_zones'],
  });
  if (problems.length > 0) fail('invalidBounds', { fields: problems });
  const delta = deltaLimitProblems({
    parameter_delta_kind: row.parameter_delta_kind,
    parameter_delta_limit: row.parameter_delta_limit,
    parameter_delta_window_days: row.parameter_delta_window_days,
  });
  // Each missing field is named as a required input, under which the form puts it.
  if (delta.length > 0)
    fail('invalidDeltaLimit', { issues: delta.map((path) => ({ path, message: 'required' })) });
  await validateReferences(tx, laboratoryId, row);
}

const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);
const formulasOf = (row: Row) => ({
  parameter_has_formula: row.parameter_has_formula === true,
  parameter_formula: textOrNull(row.parameter_formula),
  parameter_formula_male: textOrNull(row.parameter_formula_male),
  parameter_formula_female: textOrNull(row.parameter_formula_female),
});

/**
 * A formula reading other results (`$CT`) must name codes of the laboratory's parameters
 * (unknownParameterCode) and must not come back to the parameter itself, directly or through
 * others (formulaCycle, with the loop's codes): each calculated result would wait on itself.
 */
async function validateReferences(tx: Tx, laboratoryId: string, row: Row): Promise<void> {
  const references = referencesOf(formulasOf(row));
  const id = textOrNull(row.parameter_id);
  // A new parameter without references cannot break another formula nor loop: nothing to read.
  if (references.length === 0 && !id) return;
  const all = await tx.select().from(parameters).where(eq(parameters.laboratory_id, laboratoryId));
  const code = textOrNull(row.parameter_code);
  const previous = all.find((other) => other.parameter_id === id)?.parameter_code ?? null;
  if (previous && previous !== code) {
    // Renaming (or clearing) a code other formulas read would leave them reading nothing.
    const readers = all.filter(
      (other) => other.parameter_id !== id && referencesOf(other).includes(previous),
    );
    if (readers.length > 0)
      fail('parameterCodeReadByFormula', {
        code: previous,
        parameters: readers.map((reader) => reader.parameter_name),
      });
  }
  if (references.length === 0) return;
  const readsOf = new Map<string, string[]>();
  for (const other of all) {
    if (other.parameter_id === id || !other.parameter_code) continue;
    readsOf.set(other.parameter_code, referencesOf(other));
  }
  if (code) readsOf.set(code, references);
  const unknown = references.filter((reference) => !readsOf.has(reference));
  if (unknown.length > 0) fail('unknownParameterCode', { codes: unknown });
  if (!code) return;
  const loop = loopThrough(code, readsOf);
  if (loop) fail('formulaCycle', { codes: loop });
}

/** The codes of a loop of formulas that starts and ends at `start`, or null when there is none. */
function loopThrough(start: string, readsOf: ReadonlyMap<string, string[]>): string[] | null {
  const seen = new Set<string>();
  const walk = (code: string, path: string[]): string[] | null => {
    for (const next of readsOf.get(code) ?? []) {
      if (next === start) return [...path, next];
      if (seen.has(next)) continue;
      seen.add(next);
      const found = walk(next, [...path, next]);
      if (found) return found;
    }
    return null;
  };
  return walk(start, [start]);
}

/**
 * A new analysis whose add does not say whether it is orderable is orderable when it measures a
 * parameter, internal otherwise (issue 40): the column's default (orderable) would let a call that
 * names neither field add an analysis a record may order and nobody can enter a result for.
 */
export function analysisDefaults(values: Row): Row {
  if (values.analysis_visible !== undefined) return values;
  const parameterIds = Array.isArray(values.analysis_parameters) ? values.analysis_parameters : [];
  return { ...values, analysis_visible: parameterIds.length > 0 };
}

/**
 * A write that makes an analysis orderable (analysis_visible true) or sets the parameters of an
 * orderable one leaves it at least one parameter: ordered without one, its sample would wait for
 * results nobody can enter (issue 40). A write that names neither (an older row renamed, a call
 * relying on the column's default) is not asked, so that what the catalogue holds stays editable.
 * The NABM codes of one analysis must not be declared incompatible with each other.
 */
export async function validateAnalysis(tx: Tx, laboratoryId: string, row: Row, written: Row): Promise<void> {
  const parameterIds = Array.isArray(row.analysis_parameters) ? row.analysis_parameters : [];
  const makesOrderable = written.analysis_visible === true || 'analysis_parameters' in written;
  if (makesOrderable && row.analysis_visible !== false && parameterIds.length === 0)
    fail('analysisWithoutParameter', { field: 'analysis_parameters' });
  const codes = Array.isArray(row.analysis_nabm_codes) ? row.analysis_nabm_codes.map(String) : [];
  if (codes.length < 2) return;
  const acts = await tx
    .select({ code: nabms.nabm_code, incompatible: nabms.nabm_incompatible_codes })
    .from(nabms)
    .where(and(eq(nabms.laboratory_id, laboratoryId), inArray(nabms.nabm_code, codes)));
  const conflicts = acts.flatMap((act) =>
    act.incompatible
      .filter((other) => codes.includes(other))
      .map((other) => [act.code, other].sort().join('/')),
  );
  if (conflicts.length > 0) fail('nabmConflict', { conflicts: [...new Set(conflicts)].sort() });
}
