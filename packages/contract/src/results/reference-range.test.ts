import { describe, expect, it } from 'vitest';
import type { ReferenceRangeCategory } from '../enums.js';
import {
  ageOn,
  chooseReferenceRange,
  type PatientConditions,
  populationsFor,
  type ReferenceRange,
} from './reference-range.js';

const BLOOD = '00000000-0000-4000-8000-000000000001';
const URINE = '00000000-0000-4000-8000-000000000002';

function range(population: ReferenceRangeCategory, min: number, max: number, matrix: string | null = BLOOD) {
  return {
    matrix_id: matrix,
    population,
    min,
    max,
    comment: null,
    delta: null,
    post_conversion_comment: null,
  } satisfies ReferenceRange;
}

const adultMan: PatientConditions = {
  gender: 'M',
  birthDate: '1985-03-14',
  collectedOn: '2026-11-23T08:30',
  pregnant: false,
  newborn: false,
};

// Haemoglobin in g/dL, the populations of spec.md §3 with textbook values.
const haemoglobin = [
  range('default', 12, 17),
  range('adultMale', 13, 17),
  range('adultFemale', 12, 16),
  range('pregnant', 11, 15),
  range('newborn', 14, 24),
  range('age0to1', 10, 14),
  range('age1to6', 11, 14),
  range('age6to15', 11.5, 15.5),
];

describe('ageOn', () => {
  it('counts full years from the birthday itself', () => {
    expect(ageOn('1985-03-14', '2026-03-13')?.years).toBe(40);
    expect(ageOn('1985-03-14', '2026-03-14')?.years).toBe(41);
    expect(ageOn('1985-03-14', '2026-03-14T23:59')?.years).toBe(41);
  });

  it('gives a 29 February birth its birthday on 1 March in common years', () => {
    expect(ageOn('2020-02-29', '2021-02-28')?.years).toBe(0);
    expect(ageOn('2020-02-29', '2021-03-01')?.years).toBe(1);
    expect(ageOn('2020-02-29', '2024-02-29')?.years).toBe(4);
  });

  it('counts days for the first weeks of life', () => {
    expect(ageOn('2026-11-01', '2026-11-23')?.days).toBe(22);
    expect(ageOn('2025-12-31', '2026-01-01')).toEqual({ years: 0, days: 1 });
  });

  it('refuses impossible dates and a collection before the birth', () => {
    expect(ageOn('2026-02-30', '2026-11-23')).toBeNull();
    expect(ageOn('2026-11-24', '2026-11-23')).toBeNull();
    expect(ageOn('14/03/1985', '2026-11-23')).toBeNull();
  });
});

describe('populationsFor', () => {
  it('orders the populations from the most specific to the default', () => {
    expect(populationsFor(adultMan)).toEqual(['adultMale', 'default']);
    expect(populationsFor({ ...adultMan, gender: 'F', pregnant: true })).toEqual([
      'pregnant',
      'adultFemale',
      'default',
    ]);
    expect(populationsFor({ ...adultMan, gender: 'I' })).toEqual(['default']);
  });

  it('ignores a pregnancy ticked on a male patient', () => {
    expect(populationsFor({ ...adultMan, pregnant: true })).toEqual(['adultMale', 'default']);
  });

  it('puts a newborn by age or by flag before its age band', () => {
    const born = { ...adultMan, birthDate: '2026-11-10' };
    expect(populationsFor(born)).toEqual(['newborn', 'age0to1', 'default']);
    expect(populationsFor({ ...adultMan, birthDate: '2026-09-01', newborn: true })).toEqual([
      'newborn',
      'age0to1',
      'default',
    ]);
    expect(populationsFor({ ...adultMan, birthDate: '2026-09-01' })).toEqual(['age0to1', 'default']);
  });

  it('uses the age on the collection day for the bands (band edges: 1, 6, 15 years)', () => {
    const on = (birthDate: string) => populationsFor({ ...adultMan, birthDate })[0];
    expect(on('2025-11-23')).toBe('age1to6');
    expect(on('2025-11-24')).toBe('age0to1');
    expect(on('2020-11-23')).toBe('age6to15');
    expect(on('2011-11-24')).toBe('age6to15');
    expect(on('2011-11-23')).toBe('adultMale');
  });

  it('falls back to the default alone without a birth date', () => {
    expect(populationsFor({ ...adultMan, birthDate: null })).toEqual(['default']);
  });
});

describe('chooseReferenceRange', () => {
  const chosen = (conditions: Partial<PatientConditions>, ranges = haemoglobin, matrix = BLOOD) =>
    chooseReferenceRange(ranges, matrix, { ...adultMan, ...conditions });

  it('chooses the range of each population', () => {
    expect(chosen({})?.population).toBe('adultMale');
    expect(chosen({ gender: 'F' })?.population).toBe('adultFemale');
    expect(chosen({ gender: 'F', pregnant: true })?.range).toMatchObject({ min: 11, max: 15 });
    expect(chosen({ birthDate: '2026-11-20' })?.population).toBe('newborn');
    expect(chosen({ birthDate: '2026-05-01' })?.population).toBe('age0to1');
    expect(chosen({ birthDate: '2023-05-01' })?.population).toBe('age1to6');
    expect(chosen({ birthDate: '2016-05-01' })?.population).toBe('age6to15');
    expect(chosen({ gender: 'I' })?.population).toBe('default');
  });

  it('falls back to a less specific population when a range is missing', () => {
    const withoutPregnancy = haemoglobin.filter((each) => each.population !== 'pregnant');
    expect(chosen({ gender: 'F', pregnant: true }, withoutPregnancy)?.population).toBe('adultFemale');
    const defaultOnly = [range('default', 12, 17)];
    expect(chosen({ birthDate: '2023-05-01' }, defaultOnly)?.population).toBe('default');
  });

  it('prefers the sample matrix, then ranges written for any matrix', () => {
    const ranges = [range('adultMale', 1, 2, null), range('default', 5, 6, URINE)];
    expect(chosen({}, ranges, URINE)?.range).toMatchObject({ min: 5, max: 6 });
    expect(chosen({}, ranges, BLOOD)?.range).toMatchObject({ min: 1, max: 2 });
    expect(chooseReferenceRange(ranges, null, adultMan)?.range).toMatchObject({ min: 1, max: 2 });
  });

  it('keeps to the default with "use default range only"', () => {
    expect(chooseReferenceRange(haemoglobin, BLOOD, adultMan, true)?.population).toBe('default');
  });

  it('answers null when no range applies', () => {
    expect(chosen({}, [range('default', 1, 2, URINE)], BLOOD)).toBeNull();
    expect(chosen({}, [])).toBeNull();
  });
});
