import { type ReferenceRangeCategory, referenceAgeBandOf } from '../enums.js';

/** One range of a parameter, as the parameter form saves it (spec.md §3 'Parameter'). */
export interface ReferenceRange {
  matrix_id: string | null;
  population: ReferenceRangeCategory;
  min: number | null;
  max: number | null;
  comment: string | null;
  delta: number | null;
  post_conversion_comment: string | null;
}

/** What the range of a result depends on, read on the collection date. */
export interface PatientConditions {
  gender: 'M' | 'F' | 'I';
  /** ISO date 'YYYY-MM-DD'; null when unknown (age bands then cannot apply). */
  birthDate: string | null;
  /** ISO date or date-time of the collection; the age is the age on that day. */
  collectedOn: string;
  pregnant: boolean;
  newborn: boolean;
}

/** A newborn in the sense of reference ranges: the first 28 days of life (neonatal period). */
export const NEWBORN_DAYS = 28;

export interface PatientAge {
  years: number;
  days: number;
}

const DAY_MS = 86_400_000;

function utcDay(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null;
}

/**
 * The age on a day in full years (the birthday counts from the day itself; a child born on 29
 * February has its birthday on 1 March in common years) and in days. Null when either date is
 * unreadable or the collection precedes the birth.
 */
export function ageOn(birthDate: string, on: string): PatientAge | null {
  const birth = utcDay(birthDate);
  const day = utcDay(on);
  if (!birth || !day || day < birth) return null;
  let years = day.getUTCFullYear() - birth.getUTCFullYear();
  const birthdayThisYear = new Date(Date.UTC(day.getUTCFullYear(), birth.getUTCMonth(), birth.getUTCDate()));
  if (day < birthdayThisYear) years -= 1;
  return { years, days: Math.round((day.getTime() - birth.getTime()) / DAY_MS) };
}

/**
 * The populations whose range applies to a patient, most specific first; 'default' always ends the
 * list. A newborn comes before pregnancy and age bands; a pregnant patient is female by definition
 * and an indeterminate sex ('I') has no adult sex range.
 */
export function populationsFor(conditions: PatientConditions): ReferenceRangeCategory[] {
  const age = conditions.birthDate ? ageOn(conditions.birthDate, conditions.collectedOn) : null;
  const order: ReferenceRangeCategory[] = [];
  if (conditions.newborn || (age !== null && age.days < NEWBORN_DAYS)) order.push('newborn');
  if (conditions.pregnant && conditions.gender === 'F') order.push('pregnant');
  const band = age === null ? null : referenceAgeBandOf(age.years);
  if (band) order.push(band);
  else if (age !== null) {
    if (conditions.gender === 'M') order.push('adultMale');
    if (conditions.gender === 'F') order.push('adultFemale');
  }
  order.push('default');
  return order;
}

export interface ChosenRange {
  range: ReferenceRange;
  /** The population the range was written for; 'default' when nothing more specific applied. */
  population: ReferenceRangeCategory;
}

/**
 * The range a result is read against: for the sample's matrix first, then the ranges written for
 * any matrix; within them, the most specific population that has a range. With 'use default range
 * only', the default alone. Null when the parameter has no range that applies.
 */
export function chooseReferenceRange(
  ranges: readonly ReferenceRange[],
  matrixId: string | null,
  conditions: PatientConditions,
  defaultOnly = false,
): ChosenRange | null {
  const populations: ReferenceRangeCategory[] = defaultOnly ? ['default'] : populationsFor(conditions);
  const matrices = matrixId === null ? [null] : [matrixId, null];
  for (const matrix of matrices) {
    for (const population of populations) {
      const range = ranges.find((each) => each.matrix_id === matrix && each.population === population);
      if (range) return { range, population };
    }
  }
  return null;
}
