import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ChildServer, runChildServerToExit, startChildServer, stopChildServer } from './child-server.js';
import { seedCatalogue } from './factories.js';
import { call, login, startTestApp, stopTestApp, type TestContext } from './helpers.js';

describe('one writer on the embedded database', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sil-one-writer-'));
  let first: ChildServer | undefined;
  let third: ChildServer | undefined;
  afterAll(async () => {
    await stopChildServer(first, 'SIGKILL');
    await stopChildServer(third, 'SIGKILL');
  });

  it('refuses a second server on the same data directory, and takes over after a SIGKILL', async () => {
    first = await startChildServer({ DATA_DIR: dataDir });
    const second = await runChildServerToExit({ DATA_DIR: dataDir });
    expect(second.code).toBe(1);
    expect(second.output).toContain(`already open by process ${first.child.pid}`);
    expect(second.output).not.toContain('    at ');

    // A crash leaves the lock file behind; the next start finds its process dead and goes on.
    await stopChildServer(first, 'SIGKILL');
    third = await startChildServer({ DATA_DIR: dataDir });
    expect((await fetch(`${third.url}/api/get-analyses`)).status).toBe(401);
  }, 120_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('record numbers on PostgreSQL', () => {
  let ctx: TestContext | undefined;
  afterAll(() => stopTestApp(ctx));

  it('stay unique when twenty records are created at once', async () => {
    ctx = await startTestApp('postgres');
    const { app } = ctx;
    const admin = await login(app, 'admin@demo.lab');
    const catalogue = await seedCatalogue(app, admin);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(app, admin, 'addPatient', {
          body: {
            patient_surname: `Parallèle${i}`,
            patient_name: 'Test',
            patient_gender: 'F',
            patient_dob: '1990-01-01',
            record_selected_analyses: [{ combination: 1, analysis_ids: [catalogue.nfs] }],
          },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const numbers = new Set(answers.map((a) => a.json<{ record_number: string }>().record_number));
    expect(numbers.size).toBe(20);
  });
});
