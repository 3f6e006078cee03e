import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkFormula,
  evaluateFormula,
  FORMULA_FUNCTIONS,
  FORMULA_MAX_LENGTH,
  FORMULA_VARIABLES,
} from './formula.js';
import './formula-engine.js';

const allowedNames = new Set<string>([...FORMULA_VARIABLES, ...Object.keys(FORMULA_FUNCTIONS)]);

/** Names written in a formula, leaving out letters inside numbers such as 1e5 or 0x1F. */
function namesIn(text: string): string[] {
  return text.match(/(?<![\w.])[A-Za-z_$][\w$]*/g) ?? [];
}

function value(text: string, scope: Record<string, number> = {}): number | string {
  const result = evaluateFormula(text, scope);
  return result.ok ? result.value : result.error;
}

describe('evaluateFormula', () => {
  it('computes the formulas laboratories write', () => {
    expect(value('x * 0.0555', { x: 100 })).toBeCloseTo(5.55, 10);
    expect(value('(x - 2) / 1.5', { x: 5 })).toBe(2);
    expect(value('round(x / weight, 2)', { x: 100, weight: 70 })).toBe(1.43);
    expect(value('sqrt(height * weight / 3600)', { height: 180, weight: 80 })).toBeCloseTo(2, 10);
    expect(value('x * (1 + 0.2 * sex)', { x: 10, sex: 1 })).toBe(12);
    expect(value('max(x, 3, age)', { x: 2, age: 1 })).toBe(3);
    expect(value('log(x, 10) + log10(x) + log2(8) + pow(2, 3)', { x: 100 })).toBe(15);
    expect(value('abs(-x) + floor(1.7) + ceil(1.2) + cbrt(27) + exp(0)', { x: 1 })).toBe(8);
    expect(value('-x + +x - 2^3 % 5')).toBe('missingVariable');
    expect(value('-x + +x - 2^3 % 5', { x: 4 })).toBe(-3);
  });

  it('uses the modulo with the sign of the divisor', () => {
    expect(value('-7 % 3')).toBe(2);
    expect(value('7 % -3')).toBe(-2);
  });

  it('answers an error for non-finite results and bad arguments', () => {
    expect(evaluateFormula('x / 0', { x: 1 })).toMatchObject({ ok: false, error: 'notFinite' });
    expect(value('0 / 0')).toBe('notFinite');
    expect(value('sqrt(-1)')).toBe('notFinite');
    expect(value('log(0)')).toBe('notFinite');
    expect(value('1e400')).toBe('notFinite');
    expect(value('round(x, 2.5)', { x: 1 })).toBe('invalidArgument');
    expect(value('x', { x: Number.NaN })).toBe('notFinite');
    expect(evaluateFormula('x * weight', { x: 1, weight: null })).toEqual({
      ok: false,
      error: 'missingVariable',
      detail: 'weight',
    });
  });

  it('never answers minus zero', () => {
    expect(Object.is(value('-x', { x: 0 }), 0)).toBe(true);
  });

  it('refuses known dangerous payloads', () => {
    const payloads = [
      'import({}, {override:true})',
      'evaluate("1")',
      'parse("1")',
      'compile("1")',
      'simplify("x")',
      'derivative("x^2", "x")',
      'f(x)=x',
      'a=1',
      'x = 2',
      'x.constructor',
      'x["constructor"]',
      'x[1]',
      '[1,2]',
      '{a: 1}',
      '"str"',
      "'str'",
      'cos.constructor("return process")()',
      'cos.constructor',
      'round.constructor("return process")',
      'createUnit("foo")',
      'x > 100 ? 1 : 0',
      'x > 1',
      'x == 1',
      '1:3',
      'x; 1',
      'x\n1',
      'x!',
      "x'",
      'x to cm',
      '5 cm',
      '2x',
      'x + 10%',
      'x mod 3',
      'true',
      'null',
      'Infinity',
      'NaN',
      'x # comment',
      'pi * x',
      '__proto__',
      'constructor',
      'this',
      'matrix([1])',
      'process',
      'sin(x)',
      'pow(x)',
      'round(x, 1, 2)',
      '',
      '   ',
    ];
    for (const payload of payloads) {
      expect(checkFormula(payload), payload).toMatchObject({ ok: false });
      expect(evaluateFormula(payload, { x: 1 }), payload).toMatchObject({ ok: false });
    }
  });

  it('classifies refusals', () => {
    expect(checkFormula('a=1')).toMatchObject({ error: 'forbidden', detail: 'AssignmentNode' });
    expect(checkFormula('y + 1')).toMatchObject({ error: 'unknownVariable', detail: 'y' });
    expect(checkFormula('sin(x)')).toMatchObject({ error: 'unknownFunction', detail: 'sin' });
    expect(checkFormula('pow(x)')).toMatchObject({ error: 'argumentCount', detail: 'pow' });
    expect(checkFormula('(x')).toMatchObject({ error: 'syntax' });
    expect(checkFormula(`x${' + 1'.repeat(200)}`)).toMatchObject({ error: 'tooLong' });
    expect(checkFormula(42)).toMatchObject({ error: 'syntax', detail: 'notText' });
  });

  it('checks against the variables the caller allows and lists those used', () => {
    expect(checkFormula('round(x / weight, 2)')).toEqual({
      ok: true,
      variables: ['weight', 'x'],
      references: [],
    });
    expect(checkFormula('x * age', ['x'])).toMatchObject({ error: 'unknownVariable', detail: 'age' });
    expect(evaluateFormula('x * 2', { x: 3 }, ['x'])).toEqual({ ok: true, value: 6 });
  });

  it('ignores inherited properties of the scope', () => {
    const scope = Object.create({ x: 5 }) as Record<string, number>;
    expect(value('x', scope)).toBe('missingVariable');
  });
});

describe('formulas reading other results ($CODE)', () => {
  const friedewald = 'when($TG < 4.5, $CT - $HDL - $TG / 2.2)';

  it('lists the codes a formula reads, apart from the patient variables', () => {
    expect(checkFormula(friedewald)).toEqual({ ok: true, variables: [], references: ['CT', 'HDL', 'TG'] });
    expect(checkFormula('$CT - $HDL')).toMatchObject({ ok: true, references: ['CT', 'HDL'] });
    expect(checkFormula('round($Crea_2 / weight, 1)')).toEqual({
      ok: true,
      variables: ['weight'],
      references: ['Crea_2'],
    });
  });

  it('computes Friedewald in mmol/L while triglycerides are below 4.5 mmol/L', () => {
    const scope = { $CT: 5.2, $HDL: 1.3, $TG: 1.1 };
    expect(value(friedewald, scope)).toBeCloseTo(5.2 - 1.3 - 1.1 / 2.2, 10);
    expect(value('$CT - $HDL', scope)).toBeCloseTo(3.9, 10);
  });

  it('gives no value, with the condition as the reason, when triglycerides reach 4.5 mmol/L', () => {
    expect(evaluateFormula(friedewald, { $CT: 7, $HDL: 1, $TG: 4.5 })).toEqual({
      ok: false,
      error: 'conditionNotMet',
      detail: '$TG < 4.5',
    });
    expect(evaluateFormula(friedewald, { $CT: 7, $HDL: 1, $TG: 6 })).toMatchObject({
      error: 'conditionNotMet',
    });
  });

  it('names the missing result', () => {
    expect(evaluateFormula(friedewald, { $CT: 5, $TG: 1 })).toEqual({
      ok: false,
      error: 'missingVariable',
      detail: '$HDL',
    });
    expect(evaluateFormula('$CT - $HDL', { $CT: 5, $HDL: null })).toMatchObject({ detail: '$HDL' });
  });

  it('joins comparisons with and, or, not in a condition', () => {
    const formula = 'when($A >= 1 and not ($B > 2 or $B <= 0), $A * $B)';
    expect(value(formula, { $A: 2, $B: 1.5 })).toBe(3);
    expect(value(formula, { $A: 2, $B: 3 })).toBe('conditionNotMet');
    expect(value(formula, { $A: 0.5, $B: 1 })).toBe('conditionNotMet');
  });

  it('refuses comparisons outside a condition and conditions that are not comparisons', () => {
    for (const formula of [
      '$TG < 4.5',
      'when($TG, $CT)',
      'when(1, $CT)',
      'when($TG == 4, $CT)',
      'when($TG != 4, $CT)',
      'when($A < $B < $C, 1)',
      'when($TG < 4.5, $CT < 2)',
      'when($TG < 4.5 ? 1 : 0, $CT)',
      '$CT + ($TG < 4.5)',
      'when($TG < 4.5)',
      'when($TG < 4.5, 1, 2)',
      'when(x < 4, evaluate("1"))',
    ]) {
      expect(checkFormula(formula), formula).toMatchObject({ ok: false });
      expect(evaluateFormula(formula, { $TG: 1, $CT: 2, $A: 1, $B: 2, $C: 3, x: 1 }), formula).toMatchObject({
        ok: false,
      });
    }
  });

  it('refuses a formula that both converts its measure and reads other results', () => {
    expect(checkFormula('x - $HDL')).toEqual({ ok: false, error: 'measureAndReferences', detail: 'x' });
  });

  it('refuses references that are not a code, and reaches nothing through them', () => {
    for (const formula of ['$', '$1A', '$$A', '$A$B', '$constructor.name', '$A["constructor"]', '$A(1)']) {
      expect(checkFormula(formula), formula).toMatchObject({ ok: false });
    }
    // A code named like an Object.prototype member is read from the values given, never inherited.
    expect(value('$constructor + 1')).toBe('missingVariable');
    expect(value('$toString * 2', { $toString: 3 })).toBe(6);
  });
});

describe('evaluateFormula properties', () => {
  it('never throws on arbitrary text and only accepts allow-listed names', () => {
    const dangerous = [
      'import',
      'evaluate',
      'constructor',
      'createUnit',
      '__proto__',
      'x',
      'weight',
      'round',
      'sin',
      'f',
    ];
    const pieces = fc.constantFrom(
      ...dangerous,
      '(',
      ')',
      '[',
      ']',
      '{',
      '}',
      '.',
      ',',
      ';',
      '=',
      '?',
      ':',
      '"',
      "'",
      '+',
      '-',
      '*',
      '/',
      '^',
      '%',
      '!',
      ' ',
      '1',
      '2.5',
      '0',
      'e3',
    );
    const text = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.array(pieces, { maxLength: 25 }).map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(text, fc.double({ noNaN: true, noDefaultInfinity: true }), (formula, x) => {
        const result = evaluateFormula(formula, { x, weight: 70 });
        if (!result.ok) return;
        expect(Number.isFinite(result.value)).toBe(true);
        for (const name of namesIn(formula)) expect(allowedNames.has(name), formula).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('matches JavaScript arithmetic on generated numbers', () => {
    type Expr = { text: string; value: number };
    const number = fc.oneof(
      fc.integer({ min: -1000, max: 1000 }),
      fc.double({ min: -1e6, max: 1e6, noNaN: true }),
    );
    const leaf = number.map((n): Expr => ({ text: `(${n})`, value: n }));
    const { expr } = fc.letrec<{ expr: Expr }>((tie) => ({
      expr: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        leaf,
        fc.tuple(tie('expr'), fc.constantFrom('+', '-', '*', '/'), tie('expr')).map(([a, op, b]): Expr => {
          const computed =
            op === '+'
              ? a.value + b.value
              : op === '-'
                ? a.value - b.value
                : op === '*'
                  ? a.value * b.value
                  : a.value / b.value;
          return { text: `(${a.text} ${op} ${b.text})`, value: computed };
        }),
        tie('expr').map((a): Expr => ({ text: `-${a.text}`, value: -a.value })),
      ),
    }));
    fc.assert(
      fc.property(expr, ({ text, value: expected }) => {
        if (text.length > FORMULA_MAX_LENGTH) return;
        const result = evaluateFormula(text, {});
        if (Number.isFinite(expected))
          expect(result).toEqual({ ok: true, value: expected === 0 ? 0 : expected });
        else expect(result).toMatchObject({ ok: false, error: 'notFinite' });
      }),
      { numRuns: 1000 },
    );
  });

  it('matches JavaScript for power and the raw value', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e3, max: 1e3, noNaN: true }),
        fc.integer({ min: -5, max: 5 }),
        fc.double({ min: -100, max: 100, noNaN: true }),
        (x, exponent, factor) => {
          const power = evaluateFormula(`x ^ (${exponent})`, { x });
          const expectedPower = x ** exponent;
          if (Number.isFinite(expectedPower)) expect(power).toMatchObject({ ok: true });
          if (power.ok) expect(power.value).toBeCloseTo(expectedPower, 6);
          const scaled = evaluateFormula(`x * (${factor})`, { x });
          const expectedScaled = x * factor;
          expect(scaled).toEqual({ ok: true, value: expectedScaled === 0 ? 0 : expectedScaled });
        },
      ),
    );
  });

  it('matches the mathematical modulo on integers', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e6, max: 1e6 }), fc.integer({ min: -1000, max: 1000 }), (a, b) => {
        fc.pre(b !== 0);
        const expected = a - b * Math.floor(a / b);
        expect(evaluateFormula(`(${a}) % (${b})`, {})).toEqual({
          ok: true,
          value: expected === 0 ? 0 : expected,
        });
      }),
    );
  });
});
