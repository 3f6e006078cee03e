import { describe, expect, it } from 'vitest';
import {
  ANE_CODES,
  analysisCombinationSchema,
  civilitySchema,
  MAX_ANALYSIS_COMBINATIONS,
  NCA_CODES,
  NCT_CODES,
  PRESCRIBER_SPECIALTIES,
  REFERENCE_RANGE_CATEGORIES,
  referenceAgeBandOf,
  SORT_OPTIONS,
  SPECIALTY_CODES,
  specialtyCodeSchema,
  specialtyLabel,
  UPLOAD_FILE_TYPES,
  uploadFileTypeSchema,
} from './enums.js';
import { RECORD_STATUS_KEYS, RECORD_STATUSES, recordStatusSchema } from './records/statuses.js';

describe('enumerations of spec.md §9', () => {
  it('lists the non-conformity codes with their catch-all', () => {
    expect(ANE_CODES).toHaveLength(13);
    expect(NCA_CODES).toHaveLength(9);
    expect(NCT_CODES).toHaveLength(9);
    for (const list of [ANE_CODES, NCA_CODES, NCT_CODES]) expect(list.at(-1)).toBe('other');
  });

  it('validates civilities and upload types', () => {
    expect(civilitySchema.parse('ENFF')).toBe('ENFF');
    expect(civilitySchema.safeParse('Mme').success).toBe(false);
    expect(UPLOAD_FILE_TYPES).toHaveLength(9);
    expect(uploadFileTypeSchema.parse('other_id')).toBe('other_id');
  });

  it('has the 23 sort options, without duplicates', () => {
    expect(SORT_OPTIONS).toHaveLength(23);
    expect(new Set(SORT_OPTIONS).size).toBe(SORT_OPTIONS.length);
  });
});

describe('record statuses', () => {
  it('has two locale keys for each of the six statuses', () => {
    expect(RECORD_STATUSES).toEqual([0, 1, 2, 3, 4, 5]);
    for (const status of RECORD_STATUSES) expect(RECORD_STATUS_KEYS[status]).toHaveLength(2);
    expect(RECORD_STATUS_KEYS[0]).toEqual(['preRecorded', 'preRegistered']);
  });

  it('accepts numbers and their form text, and nothing else', () => {
    expect(recordStatusSchema.parse(3)).toBe(3);
    expect(recordStatusSchema.parse('5')).toBe(5);
    for (const value of [6, -1, 1.5, '', ' 1', 'x', null]) {
      expect(recordStatusSchema.safeParse(value).success, String(value)).toBe(false);
    }
  });
});

describe('prescriber specialties', () => {
  it('covers 0–80 with the gaps of the spec', () => {
    const gaps = [25, 52, 55, 56, 57, 58, 59];
    const expected = Array.from({ length: 81 }, (_, code) => code).filter((code) => !gaps.includes(code));
    expect(SPECIALTY_CODES).toEqual(expected);
  });

  it('names the examples of the spec', () => {
    expect(specialtyLabel(0)).toBe('Non précisée');
    expect(specialtyLabel(1)).toBe('Médecine générale');
    expect(specialtyLabel(12)).toBe('Pédiatrie');
    expect(specialtyLabel(21)).toBe('Sage-femme');
    expect(specialtyLabel(30)).toBe("Laboratoire d'analyses médicales");
    expect(specialtyLabel(38)).toBe('Médecin biologiste');
    expect(specialtyLabel(50)).toBe('Pharmacien');
    expect(specialtyLabel(60)).toMatch(/^Prestataire/);
    expect(specialtyLabel(80)).toBe('Santé publique et médecine sociale');
    expect(specialtyLabel(25)).toBeNull();
    expect(PRESCRIBER_SPECIALTIES.every((specialty) => specialty.label.length > 0)).toBe(true);
  });

  it('validates codes as numbers or form text', () => {
    expect(specialtyCodeSchema.parse('38')).toBe(38);
    expect(specialtyCodeSchema.safeParse(52).success).toBe(false);
    expect(specialtyCodeSchema.safeParse(81).success).toBe(false);
  });
});

describe('wizard and reference ranges', () => {
  it('allows five analysis combinations', () => {
    expect(MAX_ANALYSIS_COMBINATIONS).toBe(5);
    expect(analysisCombinationSchema.parse(5)).toBe(5);
    expect(analysisCombinationSchema.safeParse(6).success).toBe(false);
    expect(analysisCombinationSchema.safeParse(0).success).toBe(false);
  });

  it('puts each age in at most one band, lower bounds included', () => {
    expect(referenceAgeBandOf(0)).toBe('age0to1');
    expect(referenceAgeBandOf(0.5)).toBe('age0to1');
    expect(referenceAgeBandOf(1)).toBe('age1to6');
    expect(referenceAgeBandOf(6)).toBe('age6to15');
    expect(referenceAgeBandOf(14.9)).toBe('age6to15');
    expect(referenceAgeBandOf(15)).toBeNull();
    expect(referenceAgeBandOf(-1)).toBeNull();
    expect(referenceAgeBandOf(Number.NaN)).toBeNull();
    expect(REFERENCE_RANGE_CATEGORIES).toContain('age1to6');
  });
});
