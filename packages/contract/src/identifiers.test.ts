import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  adeliSchema,
  cogKind,
  cogSchema,
  countryCodeSchema,
  finessSchema,
  INS_AUTHORITY,
  INS_OIDS,
  insKindOfOid,
  insSchema,
  isNiaOid,
  isValidAdeli,
  isValidCog,
  isValidFiness,
  isValidNir,
  isValidNirBody,
  isValidRpps,
  joinPhone,
  luhnCheckDigit,
  nirKey,
  nirSchema,
  rppsSchema,
  sexOfNir,
  splitPhone,
} from './identifiers.js';

/** The national test patient of the INS teleservice, PAT-TROIS DOMINIQUE. */
const TEST_PATIENT_NIR = '279035121518989';

const digits = (length: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(''));

/** Any NIR body with the accepted layout. */
const nirBody = fc
  .tuple(
    fc.constantFrom('1', '2', '3', '4', '7', '8'),
    digits(2),
    fc.oneof(
      fc.integer({ min: 1, max: 12 }),
      fc.integer({ min: 20, max: 42 }),
      fc.integer({ min: 50, max: 99 }),
    ),
    fc.oneof(digits(2), fc.constantFrom('2A', '2B')),
    digits(6),
  )
  .map(
    ([sex, year, month, department, rest]) =>
      `${sex}${year}${String(month).padStart(2, '0')}${department}${rest}`,
  );

describe('RPPS', () => {
  it('accepts numbers whose Luhn sum over the 11 digits is a multiple of 10', () => {
    // Check digits computed by hand with the Luhn rule.
    for (const rpps of ['10000000009', '10012345673', '10987654323', '10123456781']) {
      expect(isValidRpps(rpps), rpps).toBe(true);
    }
    expect(isValidRpps('100 1234 5673')).toBe(true);
    expect(rppsSchema.parse(' 10012345673 ')).toBe('10012345673');
  });

  it('refuses wrong lengths, letters and wrong check digits', () => {
    for (const text of ['10012345674', '1001234567', '100123456730', '1001234567A', '']) {
      expect(isValidRpps(text), text).toBe(false);
    }
    expect(rppsSchema.safeParse('10012345674').success).toBe(false);
  });

  it('validates any body with its Luhn digit and refuses every other last digit', () => {
    fc.assert(
      fc.property(digits(10), fc.integer({ min: 1, max: 9 }), (body, shift) => {
        const check = luhnCheckDigit(body);
        expect(isValidRpps(`${body}${check}`)).toBe(true);
        expect(isValidRpps(`${body}${(Number(check) + shift) % 10}`)).toBe(false);
      }),
    );
  });

  it('catches any single-digit typing error in the body', () => {
    fc.assert(
      fc.property(
        digits(10),
        fc.integer({ min: 0, max: 9 }),
        fc.integer({ min: 1, max: 9 }),
        (body, at, shift) => {
          const rpps = `${body}${luhnCheckDigit(body)}`;
          const typo = `${rpps.slice(0, at)}${(Number(rpps[at]) + shift) % 10}${rpps.slice(at + 1)}`;
          expect(isValidRpps(typo)).toBe(false);
        },
      ),
    );
  });
});

describe('ADELI', () => {
  it('checks the 9-digit format only', () => {
    expect(isValidAdeli('751234567')).toBe(true);
    expect(isValidAdeli('75 123 456 7')).toBe(true);
    expect(isValidAdeli('75123456')).toBe(false);
    expect(isValidAdeli('7512345678')).toBe(false);
    expect(isValidAdeli('2A1234567')).toBe(false);
    expect(adeliSchema.parse('751 234 567')).toBe('751234567');
  });
});

describe('NIR', () => {
  it('accepts the national test patient', () => {
    expect(isValidNir(TEST_PATIENT_NIR)).toBe(true);
    expect(nirKey(TEST_PATIENT_NIR.slice(0, 13))).toBe('89');
    expect(sexOfNir(TEST_PATIENT_NIR)).toBe('female');
    expect(nirSchema.parse('2 79 03 51 215 189 89')).toBe(TEST_PATIENT_NIR);
  });

  it('computes the key of Corsican numbers with 2A as 19 and 2B as 18', () => {
    // 1850519004123 mod 97 = 41, key 56; 2920218012345 mod 97 = 44, key 53.
    expect(nirKey('185052A004123')).toBe('56');
    expect(isValidNir('185052A00412356')).toBe(true);
    expect(isValidNir('185052a00412356')).toBe(true);
    expect(isValidNir('292022B01234553')).toBe(true);
    expect(isValidNir('185052B00412356')).toBe(false);
  });

  it('pads keys below 10 with a zero', () => {
    const body = fc.sample(nirBody, { numRuns: 5000, seed: 7 }).find((b) => Number(nirKey(b)) < 10)!;
    expect(nirKey(body)).toMatch(/^0\d$/);
    expect(isValidNir(`${body}${nirKey(body)}`)).toBe(true);
  });

  it('refuses wrong layouts', () => {
    for (const text of [
      '579035121518989', // sex 5
      '279005121518989', // month 00
      '279135121518989', // month 13
      '279435121518989', // month 43
      '2790351215189', // no key
      '27903512151898', // short key
      '2790351215189890',
      '27903512151898A',
      '279032C21518989',
      '',
    ]) {
      expect(isValidNir(text), text).toBe(false);
    }
    expect(nirKey('27903512151')).toBeNull();
    expect(sexOfNir('x')).toBeNull();
    expect(nirSchema.safeParse('279035121518988').success).toBe(false);
  });

  it('validates any body with its key and refuses any single-digit change of the key', () => {
    fc.assert(
      fc.property(
        nirBody,
        fc.integer({ min: 0, max: 1 }),
        fc.integer({ min: 1, max: 9 }),
        (body, at, shift) => {
          expect(isValidNirBody(body)).toBe(true);
          const key = nirKey(body)!;
          expect(Number(key)).toBeGreaterThanOrEqual(1);
          expect(Number(key)).toBeLessThanOrEqual(97);
          expect(isValidNir(`${body}${key}`)).toBe(true);
          const changed = `${key.slice(0, at)}${(Number(key[at]) + shift) % 10}${key.slice(at + 1)}`;
          expect(isValidNir(`${body}${changed}`)).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('catches any single-digit change in the body', () => {
    fc.assert(
      fc.property(
        nirBody,
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 1, max: 9 }),
        (body, at, shift) => {
          fc.pre(/\d/.test(body[at]!));
          const nir = `${body}${nirKey(body)}`;
          const typo = `${nir.slice(0, at)}${(Number(nir[at]) + shift) % 10}${nir.slice(at + 1)}`;
          expect(isValidNir(typo)).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('INS', () => {
  it('names the assignment authority of each OID', () => {
    expect(insKindOfOid('1.2.250.1.213.1.4.8')).toBe('nir');
    expect(insKindOfOid('1.2.250.1.213.1.4.9')).toBe('nia');
    expect(insKindOfOid('1.2.250.1.213.1.4.10')).toBe('testNir');
    expect(insKindOfOid(' 1.2.250.1.213.1.4.11 ')).toBe('demoNir');
    expect(insKindOfOid('1.2.250.1.213.1.4.1')).toBeNull();
    expect(insKindOfOid('1.2.250.1.213.1.4.80')).toBeNull();
    expect(isNiaOid(INS_OIDS.nia)).toBe(true);
    expect(isNiaOid(INS_OIDS.nir)).toBe(false);
    for (const [kind, authority] of Object.entries(INS_AUTHORITY)) {
      expect(INS_OIDS[kind as keyof typeof INS_OIDS].endsWith(`.${authority}`)).toBe(true);
    }
  });

  it('validates an INS as a matricule with key and a known OID', () => {
    expect(insSchema.parse({ value: TEST_PATIENT_NIR, oid: INS_OIDS.nir })).toEqual({
      value: TEST_PATIENT_NIR,
      oid: INS_OIDS.nir,
    });
    expect(insSchema.safeParse({ value: TEST_PATIENT_NIR, oid: '1.2.3' }).success).toBe(false);
    expect(insSchema.safeParse({ value: '279035121518988', oid: INS_OIDS.nir }).success).toBe(false);
  });
});

describe('COG codes', () => {
  it('tells communes from countries', () => {
    expect(cogKind('51215')).toBe('commune');
    expect(cogKind('2A004')).toBe('commune');
    expect(cogKind('2b033')).toBe('commune');
    expect(cogKind('97411')).toBe('commune');
    expect(cogKind('99134')).toBe('country');
    expect(cogSchema.parse('2a004')).toBe('2A004');
  });

  it('refuses other codes', () => {
    for (const text of ['00123', '5121', '512150', '2C004', 'ABCDE', '']) {
      expect(isValidCog(text), text).toBe(false);
    }
  });
});

describe('phone numbers', () => {
  it('joins country code and national number as spec.md §5 says', () => {
    expect(joinPhone('33', '06 12 34 56 78')).toBe('+33612345678');
    expect(joinPhone('+33', '612345678')).toBe('+33612345678');
    expect(joinPhone('0033', '(0)6.12.34.56.78')).toBe('+33612345678');
    expect(joinPhone('39', '06 1234 5678')).toBe('+390612345678');
    expect(joinPhone('1', '(212) 555-0100')).toBe('+12125550100');
  });

  it('answers null when a part is missing or invalid', () => {
    expect(joinPhone('33', '')).toBeNull();
    expect(joinPhone(null, '0612345678')).toBeNull();
    expect(joinPhone('33', undefined)).toBeNull();
    expect(joinPhone('0', '0612345678')).toBeNull();
    expect(joinPhone('1234', '0612345678')).toBeNull();
    expect(joinPhone('33', '06 12 AB')).toBeNull();
    expect(joinPhone('33', '123')).toBeNull();
    expect(joinPhone('33', '1234567890123456')).toBeNull();
  });

  it('splits a stored number with the country codes of the countries table', () => {
    const codes = ['33', '+1', '44', '262', '39'];
    expect(splitPhone('+33612345678', codes)).toEqual({ countryCode: '33', number: '612345678' });
    expect(splitPhone('+262692123456', codes)).toEqual({ countryCode: '262', number: '692123456' });
    expect(splitPhone('+99123', codes)).toBeNull();
    expect(splitPhone('+33', codes)).toBeNull();
    expect(splitPhone('not a number', codes)).toBeNull();
  });

  it('splits back what it joins', () => {
    const codes = ['1', '33', '44', '262', '351', '39'];
    fc.assert(
      fc.property(
        fc.constantFrom(...codes),
        fc.integer({ min: 1, max: 9 }),
        digits(8),
        (code, first, rest) => {
          const joined = joinPhone(code, `${first}${rest}`)!;
          expect(joined).toMatch(/^\+[1-9]\d{6,14}$/);
          expect(splitPhone(joined, codes)).toEqual({ countryCode: code, number: `${first}${rest}` });
        },
      ),
    );
  });

  it('normalises country codes', () => {
    expect(countryCodeSchema.parse('+33')).toBe('33');
    expect(countryCodeSchema.safeParse('abc').success).toBe(false);
  });
});

describe('FINESS', () => {
  it('accepts nine digits whose last is the Luhn key of the first eight, as typed with spaces', () => {
    expect(isValidFiness('750712184')).toBe(true);
    expect(isValidFiness('75 071 218 4')).toBe(true);
    expect(finessSchema.parse('750 712 184')).toBe('750712184');
  });

  it('refuses a wrong key, a wrong length and letters', () => {
    expect(isValidFiness('750712185')).toBe(false);
    expect(isValidFiness('75071218')).toBe(false);
    expect(isValidFiness('7507121840')).toBe(false);
    expect(isValidFiness('2A0712184')).toBe(false);
    expect(finessSchema.safeParse('750712185').success).toBe(false);
  });

  it('accepts every body completed by its Luhn digit, and refuses every other last digit', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{8}$/), (body) => {
        const key = luhnCheckDigit(body);
        expect(isValidFiness(`${body}${key}`)).toBe(true);
        const other = String((Number(key) + 1) % 10);
        expect(isValidFiness(`${body}${other}`)).toBe(false);
      }),
    );
  });
});
