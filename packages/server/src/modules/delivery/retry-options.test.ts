import { describe, expect, it } from 'vitest';
import { retryOptions } from './retry-options.js';
import { MAX_ATTEMPTS } from './sending.js';

/**
 * pg-boss 12's longest wait before the n-th retry (n from 0): delay × 2^n × (1 + random), at most
 * double that, capped at retryDelayMax.
 */
const longestWait = (options: ReturnType<typeof retryOptions>, retry: number) =>
  Math.min(options.retryDelayMax, options.retryDelay * 2 ** retry * 2);

describe('the retry settings of a delivery job', () => {
  it('doubles the default 30 s wait, the last retry within 16 minutes', () => {
    const options = retryOptions(30);
    expect(options).toEqual({
      retryLimit: MAX_ATTEMPTS,
      retryDelay: 30,
      retryBackoff: true,
      retryDelayMax: 3600,
    });
    expect(longestWait(options, MAX_ATTEMPTS - 1)).toBe(960);
  });

  it('keeps doubling a longer first wait, every wait capped at the hour', () => {
    const options = retryOptions(600);
    expect(options).toMatchObject({ retryDelay: 600, retryBackoff: true, retryDelayMax: 3600 });
    expect(longestWait(options, 0)).toBe(1200);
    expect(longestWait(options, MAX_ATTEMPTS - 1)).toBe(3600);
  });

  it('waits whole seconds, at least one and at most an hour', () => {
    expect(retryOptions(0.2).retryDelay).toBe(1);
    expect(retryOptions(1.6).retryDelay).toBe(2);
    expect(retryOptions(86_400).retryDelay).toBe(3600);
  });
});
