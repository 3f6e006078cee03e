import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { listenPorts } from './listen-ports.js';

const drill = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../ops/postgres/pitr-drill.sh',
);
const run = promisify(execFile);

if (!process.env.TEST_DATABASE_URL)
  console.info(
    'PITR drill skipped: TEST_DATABASE_URL is unset, so no local PostgreSQL installation is assumed',
  );

/**
 * What a DBA adds on top of the laboratory's backups on PostgreSQL (docs/postgres-pitr.md): a base
 * backup and archived WAL bring the database back to the instant before an accident. The drill runs
 * the documented procedure on a scratch cluster of the installed PostgreSQL: write, archive, base
 * backup, write again, destroy, restore, replay to a time, compare.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('point-in-time recovery of PostgreSQL', () => {
  it('recovers every row written before the accident, and none of the accident', async () => {
    const { stdout } = await run('bash', [drill], {
      env: { ...process.env, PITR_PORT: String((await listenPorts(1))[0]) },
      timeout: 180_000,
    });
    expect(stdout).toContain('PITR drill: base backup in');
    expect(stdout).toContain('PITR drill: primary destroyed');
    expect(stdout.trim().split('\n').at(-1)).toBe('PITR drill: recovered 750 rows, digest equal');
  }, 200_000);
});
