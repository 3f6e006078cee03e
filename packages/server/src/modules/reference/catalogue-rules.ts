import { parameterBoundsProblems } from '@sil/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/open.js';
import { nabms } from '../../db/schema/index.js';
import { fail } from '../../lib/errors.js';

type Row = Record<string, unknown>;
const numberOrNull = (value: unknown) =>
  typeof value === 'number' ? value : value === null || value === undefined ? null : Number(value);

/** A parameter's detection limits, ranges and zones must each have their minimum at most their maximum. */
export async function validateParameter(_tx: Tx, _laboratoryId: string, row: Row): Promise<void> {
  const ranges = Array.isArray(row.parameter_ranges)
    ? (row.parameter_ranges as Array<{ min: number | null; max: number | null }>)
    : [];
  const problems = parameterBoundsProblems({
    parameter_lower_detection_limit: numberOrNull(row.parameter_lower_detection_limit),
    parameter_upper_detection_limit: numberOrNull(row.parameter_upper_detection_limit),
    parameter_ranges: ranges,
    parameter_zones: (row.parameter_zones ?? {}) as Parameters<
      typeof parameterBoundsProblems
    >[0]['parameter_zones'],
  });
  if (problems.length > 0) fail('invalidBounds', { fields: problems });
}

/** The NABM codes of one analysis must not be declared incompatible with each other. */
export async function validateAnalysis(tx: Tx, laboratoryId: string, row: Row): Promise<void> {
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
