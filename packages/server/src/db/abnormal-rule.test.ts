import { readFileSync } from 'node:fs';
import { ABNORMAL_RESULT_FLAGS, SAMPLE_STATUS } from '@sil/contract';
import { describe, expect, it } from 'vitest';

/**
 * The abnormal mark's rule is written in SQL beside its TypeScript source (migration 0035's partial
 * index, migration 0039's triggers, their function written again by 0060 and 0064 to read the
 * record's month only): these pin each to ABNORMAL_RESULT_FLAGS and the validated status, so that a
 * flag added to one side fails here instead of marking records differently.
 */
const RULE_FILES = [
  '0035_abnormal_results.sql',
  '0039_abnormal_records.sql',
  '0060_results_partitioned_by_month.sql',
  '0064_abnormal_record_month.sql',
];
const migration = (name: string) => readFileSync(new URL(`./migrations/${name}`, import.meta.url), 'utf8');
const flagLists = (text: string) => [...text.matchAll(/'\{([a-z,]+)\}'(?:::text\[\])?/g)].map((m) => m[1]);
const statusChecks = (text: string) => [...text.matchAll(/sample_status >= (\d+)/g)].map((m) => Number(m[1]));

describe('the abnormal mark written in SQL', () => {
  it.each(RULE_FILES)('%s flags what the contract flags', (name) => {
    const lists = flagLists(migration(name));
    expect(lists.length).toBeGreaterThan(0);
    for (const list of lists) expect(list).toBe(ABNORMAL_RESULT_FLAGS.join(','));
  });

  it.each(RULE_FILES.slice(1))('%s counts samples from their validation on', (name) => {
    const checks = statusChecks(migration(name));
    expect(checks.length).toBeGreaterThan(0);
    for (const status of checks) expect(status).toBe(SAMPLE_STATUS.validated);
  });
});
