import { describe, expect, it } from 'vitest';
import { parameterBoundsProblems } from './catalogue.js';

describe('parameterBoundsProblems: plausibility limits', () => {
  it('accepts limits in order, either one alone, or none', () => {
    expect(parameterBoundsProblems({ parameter_plausible_min: 0, parameter_plausible_max: 30 })).toEqual([]);
    expect(parameterBoundsProblems({ parameter_plausible_min: -30 })).toEqual([]);
    expect(parameterBoundsProblems({ parameter_plausible_max: 30 })).toEqual([]);
    expect(parameterBoundsProblems({ parameter_plausible_min: null, parameter_plausible_max: null })).toEqual(
      [],
    );
  });

  it('refuses a minimum at or above the maximum: no measure would be accepted', () => {
    expect(parameterBoundsProblems({ parameter_plausible_min: 30, parameter_plausible_max: 0 })).toEqual([
      'parameter_plausible_min',
    ]);
    expect(parameterBoundsProblems({ parameter_plausible_min: 5, parameter_plausible_max: 5 })).toEqual([
      'parameter_plausible_min',
    ]);
  });

  it('refuses detection limits outside the limits written, and only those written', () => {
    const crp = { parameter_lower_detection_limit: 0.6, parameter_upper_detection_limit: 350 };
    expect(parameterBoundsProblems({ ...crp, parameter_plausible_max: 1000 })).toEqual([]);
    expect(parameterBoundsProblems({ ...crp, parameter_plausible_max: 300 })).toEqual([
      'parameter_plausible_max',
    ]);
    expect(parameterBoundsProblems({ ...crp, parameter_plausible_min: 1 })).toEqual([
      'parameter_plausible_min',
    ]);
    // A negative detection limit without a written minimum: negatives are allowed, no contradiction.
    expect(parameterBoundsProblems({ parameter_lower_detection_limit: -30 })).toEqual([]);
    expect(
      parameterBoundsProblems({ parameter_lower_detection_limit: -30, parameter_plausible_min: 0 }),
    ).toEqual(['parameter_plausible_min']);
  });

  it('names each problem once beside the other bounds', () => {
    expect(
      parameterBoundsProblems({
        parameter_lower_detection_limit: 10,
        parameter_upper_detection_limit: 5,
        parameter_plausible_min: 20,
        parameter_plausible_max: 8,
      }),
    ).toEqual(['parameter_lower_detection_limit', 'parameter_plausible_min', 'parameter_plausible_max']);
  });
});
