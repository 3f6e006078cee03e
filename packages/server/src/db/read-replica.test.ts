import { describe, expect, it } from 'vitest';
import { lsnValue } from './read-replica.js';

describe('WAL positions', () => {
  it('compare as numbers across the high and low halves, whatever the case of their digits', () => {
    expect(lsnValue('0/3000060')).toBe(0x3000060n);
    expect(lsnValue('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(lsnValue('16/b374d848')).toBe(lsnValue('16/B374D848'));
    // A position past the low half's end is further on, though its low half is smaller.
    expect((lsnValue('1/0') ?? 0n) > (lsnValue('0/FFFFFFFF') ?? 0n)).toBe(true);
  });

  it('are null for text that names none: such a cookie counts as no write', () => {
    expect(lsnValue('')).toBeNull();
    expect(lsnValue('0/')).toBeNull();
    expect(lsnValue('1/2/3')).toBeNull();
    expect(lsnValue('G/0')).toBeNull();
    expect(lsnValue('123456789/0')).toBeNull();
  });
});
