/**
 * Westgard rules on the control values of one parameter × level × lot, oldest first. Each value is
 * read as its distance to the target mean in SDs (z). 1-2s only warns; the others reject the run.
 * R-4s is read across the levels of one run; the other rules follow one level along its series.
 */
export const WESTGARD_RULES = ['1-2s', '1-3s', '2-2s', 'R-4s', '4-1s', '10x'] as const;
export type WestgardRule = (typeof WESTGARD_RULES)[number];

/** The rules that reject the run; 1-2s only asks the technician to look. */
export const REJECTING_RULES: readonly WestgardRule[] = ['1-3s', '2-2s', 'R-4s', '4-1s', '10x'];

export interface ControlTarget {
  mean: number;
  sd: number;
}

export const zScore = (value: number, target: ControlTarget): number => (value - target.mean) / target.sd;

/** The last n z of the series, or none when the series is shorter. */
const lastN = (zs: readonly number[], n: number): number[] | undefined =>
  zs.length >= n ? zs.slice(zs.length - n) : undefined;

const allBeyond = (zs: readonly number[] | undefined, limit: number): boolean =>
  zs !== undefined && (zs.every((z) => z > limit) || zs.every((z) => z < -limit));

const allOneSide = (zs: readonly number[] | undefined): boolean =>
  zs !== undefined && (zs.every((z) => z > 0) || zs.every((z) => z < 0));

/**
 * The rules the newest value of a series breaks (the series ends with it). 2-2s, 4-1s and 10x need
 * as many values; a value already breaking 1-3s also lies beyond 2 SD, so only 1-3s is named then.
 */
export function seriesViolations(zs: readonly number[]): WestgardRule[] {
  const newest = zs.at(-1);
  if (newest === undefined) return [];
  const broken: WestgardRule[] = [];
  if (Math.abs(newest) > 3) broken.push('1-3s');
  else if (Math.abs(newest) > 2) broken.push('1-2s');
  if (allBeyond(lastN(zs, 2), 2)) broken.push('2-2s');
  if (allBeyond(lastN(zs, 4), 1)) broken.push('4-1s');
  if (allOneSide(lastN(zs, 10))) broken.push('10x');
  return broken;
}

/** R-4s across the levels of one run: one level beyond +2 SD and another beyond -2 SD. */
export function rangeViolation(runZs: readonly number[]): boolean {
  return runZs.some((z) => z > 2) && runZs.some((z) => z < -2);
}

export const rejects = (rules: readonly WestgardRule[]): boolean =>
  rules.some((rule) => REJECTING_RULES.includes(rule));
