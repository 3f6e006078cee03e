import { describe, expect, it } from 'vitest';
import { isValidLoinc, loincSchema } from './identifiers.js';

describe('LOINC codes', () => {
  it('accepts codes whose check digit is right', () => {
    for (const code of ['2345-7', '718-7', '6690-2', '777-3', '2160-0', '1742-6', '14682-9'])
      expect(isValidLoinc(code), code).toBe(true);
  });

  it('refuses a wrong check digit, a missing dash or letters', () => {
    for (const code of ['2345-6', '718-8', '23457', 'ABCD-1', '12345678-9', '-7', ''])
      expect(isValidLoinc(code), code).toBe(false);
  });

  it('trims what is typed and names the rule', () => {
    expect(loincSchema.parse(' 2345-7 ')).toBe('2345-7');
    const failed = loincSchema.safeParse('2345-1');
    expect(failed.success).toBe(false);
    expect(failed.error?.issues[0]?.message).toBe('loinc');
  });
});
