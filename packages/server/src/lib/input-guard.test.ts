import { describe, expect, it } from 'vitest';
import { inputIssues, MAX_INPUT_DEPTH } from './input-guard.js';

const nested = (levels: number, inArrays: boolean) => {
  let value: unknown = 'x';
  for (let level = 0; level < levels; level++) value = inArrays ? [value] : { a: value };
  return value;
};

describe('inputIssues', () => {
  it('finds NUL characters in texts and keys, with their paths, in input order', () => {
    expect(inputIssues({ a: 'ok', b: ['x', 'y\u0000'], 'c\u0000': 1, d: { e: '\u0000' } })).toEqual([
      { path: 'b.1', message: 'nulCharacter' },
      { path: 'c\u0000', message: 'nulCharacter' },
      { path: 'd.e', message: 'nulCharacter' },
    ]);
    expect(inputIssues(undefined)).toEqual([]);
    expect(inputIssues('\u0000')).toEqual([{ path: '', message: 'nulCharacter' }]);
  });

  it('finds lone UTF-16 surrogates, which are not Unicode, in texts and keys', () => {
    expect(inputIssues({ a: '\udc64x', '\ud800': 'ok', b: '𝕏 ok' })).toEqual([
      { path: 'a', message: 'invalidUnicode' },
      { path: '\ud800', message: 'invalidUnicode' },
    ]);
  });

  it('refuses input nested past the limit once, however deep, without exhausting the stack', () => {
    expect(inputIssues(nested(MAX_INPUT_DEPTH, true))).toEqual([]);
    for (const inArrays of [true, false]) {
      const issues = inputIssues(nested(200_000, inArrays));
      expect(issues).toHaveLength(1);
      expect(issues[0]?.message).toBe('tooDeep');
    }
  });
});
