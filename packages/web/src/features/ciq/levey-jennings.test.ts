import { describe, expect, it } from 'vitest';
import { valueAxis } from './levey-jennings';

describe('the Levey-Jennings value axis', () => {
  it('ticks at the mean and at ±1, 2, 3 SD, from the lowest to the highest', () => {
    const axis = valueAxis(5, 0.2, [0.4, -1.2]);
    expect(axis.ticks.map((tick) => Number(tick.toFixed(6)))).toEqual([4.4, 4.6, 4.8, 5, 5.2, 5.4, 5.6]);
  });

  it('spans ±4 SD at least, and one SD beyond the farthest value', () => {
    expect(valueAxis(1, 0.05, [0.4]).domain.map((bound) => Number(bound.toFixed(6)))).toEqual([0.8, 1.2]);
    expect(valueAxis(1, 0.05, [3.2, -1]).domain.map((bound) => Number(bound.toFixed(6)))).toEqual([
      0.75, 1.25,
    ]);
  });
});
