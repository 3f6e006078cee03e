import { describe, expect, it } from 'vitest';
import { countrySchema, ISO3_BY_ISO2, isCountryCode } from './countries.js';
import {
  CALLING_CODES,
  COUNTRIES,
  callingCodeChoices,
  countryChoices,
  countryName,
  isCallingCode,
} from './countries-list.js';
import { splitPhone } from './identifiers.js';

describe('the ISO country list', () => {
  it('holds every ISO 3166-1 country with its alpha-3 code and calling codes', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(249);
    expect(COUNTRIES.find((c) => c.iso2 === 'FR')).toEqual({ iso2: 'FR', iso3: 'FRA', callingCodes: ['33'] });
    expect(COUNTRIES.find((c) => c.iso2 === 'YT')?.callingCodes).toEqual(['262']);
    expect(ISO3_BY_ISO2.DE).toBe('DEU');
    expect(new Set(COUNTRIES.map((c) => c.iso2)).size).toBe(COUNTRIES.length);
  });

  it('names countries in the screen language and sorts them the way its readers do', () => {
    expect(countryName('DE', 'fr')).toBe('Allemagne');
    expect(countryName('DE', 'en')).toBe('Germany');
    const french = countryChoices('fr').map((c) => c.label);
    expect(french.indexOf('Égypte')).toBeLessThan(french.indexOf('Espagne'));
    expect(french.indexOf('Égypte')).toBeGreaterThan(french.indexOf('Danemark'));
  });

  it('offers France and its overseas codes first, each code naming its countries', () => {
    const choices = callingCodeChoices('fr');
    expect(choices[0]).toEqual({ value: '33', label: '+33', keywords: 'France' });
    expect(choices[1]).toMatchObject({ value: '262', label: '+262' });
    expect(choices[1]?.keywords).toContain('La Réunion');
    expect(choices[1]?.keywords).toContain('Mayotte');
    expect(new Set(choices.map((c) => c.value)).size).toBe(choices.length);
  });

  it('accepts ISO codes only, whatever their case, as a patient country', () => {
    expect(countrySchema.parse(' fr ')).toBe('FR');
    expect(isCountryCode('ZZ')).toBe(false);
    const refused = countrySchema.safeParse('ZZ');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('country');
  });

  it('splits stored numbers of any listed country back into code and number', () => {
    expect(isCallingCode('+262')).toBe(true);
    expect(isCallingCode('999')).toBe(false);
    expect(splitPhone('+491701234567', CALLING_CODES)).toEqual({ countryCode: '49', number: '1701234567' });
    expect(splitPhone('+262692123456', CALLING_CODES)).toEqual({ countryCode: '262', number: '692123456' });
  });
});
