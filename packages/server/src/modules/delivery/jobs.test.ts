import { describe, expect, it } from 'vitest';
import { retryOptions } from './jobs.js';
import { MAX_ATTEMPTS } from './sending.js';

/** pg-boss 10's wait before the n-th retry (n from 0): delay × 2^n × (1 + random), at most double. */
const longestWait = (options: ReturnType<typeof retryOptions>) =>
  options.retryBackoff ? options.retryDelay * 2 ** (options.retryLimit - 1) * 2 : options.retryDelay;

describe('the retry settings of a delivery job', () => {
  it('doubles the default 30 s wait, the last retry within 16 minutes', () => {
    const options = retryOptions(30);
    expect(options).toEqual({ retryLimit: MAX_ATTEMPTS, retryDelay: 30, retryBackoff: true });
    expect(longestWait(options)).toBe(960);
  });

  it('keeps every wait at the first one when doubling would pass the hour', () => {
    expect(retryOptions(112)).toMatchObject({ retryDelay: 112, retryBackoff: true });
    expect(longestWait(retryOptions(112))).toBeLessThanOrEqual(3600);
    expect(retryOptions(113)).toMatchObject({ retryDelay: 113, retryBackoff: false });
    expect(retryOptions(600)).toMatchObject({ retryDelay: 600, retryBackoff: false });
  });

  it('waits whole seconds, at least one and at most an hour', () => {
    expect(retryOptions(0.2).retryDelay).toBe(1);
    expect(retryOptions(1.6).retryDelay).toBe(2);
    expect(retryOptions(86_400)).toMatchObject({ retryDelay: 3600, retryBackoff: false });
  });
});
