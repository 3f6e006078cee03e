import { readFileSync } from 'node:fs';
import { ABNORMAL_RESULT_FLAGS, SAMPLE_STATUS } from '@sil/contract';
import { describe, expect, it } from 'vitest';

/**
 * The abnormal mark's rule is written in SQL twice (migration 0035's partial index, migration 0039's
 * triggers) beside its TypeScript source: these pin each to ABNORMAL_RESULT_FLAGS and the validated
 * status, so that a flag added to one side fails here instead of marking records differently.
 */
const migration = (name: string) => readFileSync(new URL(`./migrations/${name}`, import.meta.url), 'utf8');
const flagLists = (text: string) => [...text.matchAll(/'\{([a-z,]+)\}'(?:::text\[\])?/g)].map((m) => m[1]);
const statusChecks = (text: string) => [...text.matchAll(/sample_status >= (\d+)/g)].map((m) => Number(m[1]));

describe('the abnormal mark written in SQL', () => {
  it.each(['0035_abnormal_results.sql', '0039_abnormal_records.sql'])(
    '%s flags what the contract flags',
    (name) => {
      const lists = flagLists(migration(name));
      expect(lists.length).toBeGreaterThan(0);
      for (const list of lists) expect(list).toBe(ABNORMAL_RESULT_FLAGS.join(','));
    },
  );

  it('counts samples from their validation on', () => {
    const checks = statusChecks(migration('0039_abnormal_records.sql'));
    expect(checks.length).toBeGreaterThan(0);
    for (const status of checks) expect(status).toBe(SAMPLE_STATUS.validated);
  });
});
