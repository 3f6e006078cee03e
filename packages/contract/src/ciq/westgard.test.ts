import { describe, expect, it } from 'vitest';
import { rangeViolation, rejects, seriesViolations, zScore } from './westgard.js';

const target = { mean: 100, sd: 5 };
const z = (values: number[]) => values.map((value) => zScore(value, target));

describe('Westgard rules on a series of control values', () => {
  it('reads a value in SDs from the target', () => {
    expect(zScore(115, target)).toBe(3);
    expect(zScore(90, target)).toBe(-2);
  });

  it('accepts values within 2 SD', () => {
    expect(seriesViolations(z([101, 98, 104, 96]))).toEqual([]);
    expect(seriesViolations([])).toEqual([]);
  });

  it('1-2s warns on one value beyond 2 SD without rejecting', () => {
    const broken = seriesViolations(z([100, 111]));
    expect(broken).toEqual(['1-2s']);
    expect(rejects(broken)).toBe(false);
    expect(seriesViolations(z([100, 110]))).toEqual([]);
  });

  it('1-3s rejects one value beyond 3 SD, either side', () => {
    expect(seriesViolations(z([100, 116]))).toEqual(['1-3s']);
    expect(seriesViolations(z([100, 84]))).toEqual(['1-3s']);
    expect(rejects(['1-3s'])).toBe(true);
    expect(seriesViolations(z([100, 115]))).toEqual(['1-2s']);
  });

  it('2-2s rejects two values in a row beyond 2 SD on one side', () => {
    expect(seriesViolations(z([111, 112]))).toEqual(['1-2s', '2-2s']);
    expect(seriesViolations(z([89, 88]))).toEqual(['1-2s', '2-2s']);
    expect(seriesViolations(z([111, 88]))).toEqual(['1-2s']);
    expect(seriesViolations(z([111, 105, 112]))).toEqual(['1-2s']);
  });

  it('4-1s rejects four values in a row beyond 1 SD on one side', () => {
    expect(seriesViolations(z([106, 107, 106, 108]))).toEqual(['4-1s']);
    expect(seriesViolations(z([94, 93, 94, 92]))).toEqual(['4-1s']);
    expect(seriesViolations(z([106, 107, 104, 108]))).toEqual([]);
    expect(seriesViolations(z([106, 107, 108]))).toEqual([]);
  });

  it('10x rejects ten values in a row on one side of the mean', () => {
    const above = [101, 102, 101, 103, 101, 102, 101, 104, 101, 102];
    expect(seriesViolations(z(above))).toEqual(['10x']);
    expect(seriesViolations(z(above.map((v) => 200 - v)))).toEqual(['10x']);
    expect(seriesViolations(z([...above.slice(0, 9), 99]))).toEqual([]);
    expect(seriesViolations(z(above.slice(0, 9)))).toEqual([]);
  });
});

describe('R-4s across the levels of one run', () => {
  it('rejects one level beyond +2 SD and another beyond -2 SD', () => {
    expect(rangeViolation([2.5, -2.1])).toBe(true);
    expect(rangeViolation([2.5, -1.9])).toBe(false);
    expect(rangeViolation([2.5, 2.1])).toBe(false);
    expect(rangeViolation([0.5])).toBe(false);
  });
});
