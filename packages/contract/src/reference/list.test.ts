import { describe, expect, it } from 'vitest';
import { COUNT_STEP, countBound, pageCount } from './list.js';

describe('countBound', () => {
  it('counts the first pages up to the first step', () => {
    expect(countBound(0, 50)).toBe(COUNT_STEP);
    expect(countBound(COUNT_STEP - 100, 50)).toBe(COUNT_STEP);
  });

  it('counts on to the next step from the last page of a step, so that the next page is offered', () => {
    // Page 40 of 50 rows ends on the step: a bound of 2,000 would show 'Page 40 / 40+' with no next.
    expect(countBound(COUNT_STEP - 50, 50)).toBe(2 * COUNT_STEP);
    expect(pageCount(countBound(COUNT_STEP - 50, 50), 50)).toBeGreaterThan(COUNT_STEP / 50);
    expect(countBound(COUNT_STEP, 50)).toBe(2 * COUNT_STEP);
  });

  it('always reaches past the page asked for, whatever its size', () => {
    for (const pageSize of [10, 25, 50, 100, 1000, 5000])
      for (const page of [1, 2, 7, 40, 41, 200]) {
        const offset = (page - 1) * pageSize;
        expect(countBound(offset, pageSize)).toBeGreaterThan(offset + pageSize - 1);
        expect(countBound(offset, pageSize) % COUNT_STEP).toBe(0);
      }
  });
});
