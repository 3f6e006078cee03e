import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/open.js';
import { createPostgresDatabase } from './databases.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated embedded database, dumped to a file: each test's embedded database starts from it. */
    pgliteSnapshotPath: string;
    /** A migrated PostgreSQL database that each test's database copies; '' without TEST_DATABASE_URL. */
    postgresTemplate: string;
  }
}

/**
 * Migrates once per run what every test file's databases start from. Migrating took 5–8 s of a
 * test file's 10–17 s on a two-core machine; a copy takes a fraction of that. Whole migrations still
 * run wherever the server starts for real (the browser journeys, the bench, the child servers of
 * crash-restart) and in the tests that open a database of their own.
 */
export default async function setup(project: TestProject) {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'sil-int-'));
  const embedded = await openDatabase({});
  const dump = await (embedded.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
  await embedded.close();
  const snapshotPath = path.join(folder, 'pgdata.tar');
  writeFileSync(snapshotPath, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshotPath', snapshotPath);

  let template: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  if (process.env.TEST_DATABASE_URL) {
    template = await createPostgresDatabase();
    const migrated = await openDatabase({ url: template.url });
    await migrated.close();
  }
  project.provide('postgresTemplate', template?.name ?? '');

  return async () => {
    await template?.drop();
    rmSync(folder, { recursive: true, force: true });
  };
}
