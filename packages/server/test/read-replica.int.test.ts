import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Health } from '@sil/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type Database, openDatabase } from '../src/db/open.js';
import { lsnValue, READ_AFTER_COOKIE } from '../src/db/read-replica.js';
import { seedDemo } from '../src/seed/demo.js';
import { call, login, type Session } from './helpers.js';
import { listenPorts } from './listen-ports.js';

const run = promisify(execFile);
const pair = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../deploy/postgres-pair.sh');
const PG_BIN = '/usr/lib/postgresql/15/bin';

const skipped = !process.env.TEST_DATABASE_URL
  ? 'TEST_DATABASE_URL is unset, so no local PostgreSQL installation is assumed'
  : existsSync(`${PG_BIN}/initdb`)
    ? undefined
    : `no PostgreSQL 15 server binaries in ${PG_BIN}`;
if (skipped) console.info(`Read replica test skipped: ${skipped}`);

/**
 * DATABASE_READ_URL (issue 43, docs/decisions/0032-read-replica.md) on a real pair of clusters: a
 * primary and its streaming replica made by pg_basebackup -R, started by deploy/postgres-pair.sh.
 * Pausing the replica's replay makes its lag visible: what a call reads there is then older than
 * what the primary holds, which shows where each read went.
 */
describe.skipIf(skipped !== undefined)('reads on a streaming replica', () => {
  let work: string;
  let database: Database;
  let app: FastifyInstance;
  let secretary: Session;
  let replica: pg.Client;
  let analysisId: string;

  let ports: number[];
  let replicaUrl: string;

  beforeAll(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), 'replica43-test-'));
    ports = await listenPorts(2);
    const primaryUrl = `postgres://postgres@127.0.0.1:${ports[0]}/laboratory`;
    replicaUrl = `postgres://postgres@127.0.0.1:${ports[1]}/laboratory`;
    await run('bash', [pair, 'start', work, ...ports.map(String)], {
      env: { ...process.env, PG_BIN },
      timeout: 120_000,
    });
    database = await openDatabase({ url: primaryUrl, readUrl: replicaUrl, maxReadLagSeconds: 3600 });
    await seedDemo(database.db, { catalogue: true });
    const analysis = (await database.db.execute(
      sql`SELECT analysis_id FROM analyses ORDER BY analysis_id LIMIT 1`,
    )) as unknown as { rows: Array<{ analysis_id: string }> };
    analysisId = String(analysis.rows[0]?.analysis_id);
    const config = loadConfig({
      DATA_DIR: '/nonexistent',
      WEB_DIST_DIR: '/nonexistent',
      PUBLIC_URL: 'https://lab.example',
      DELIVERY_POLL_SECONDS: '0',
      BACKUP_SCHEDULE_POLL_SECONDS: '0',
      DELIVERY_JOBS: 'rows',
    });
    app = await buildApp({ config, db: database.db, logger: false });
    await app.ready();
    secretary = await login(app, 'secretariat@demo.lab');
    replica = new pg.Client({ connectionString: replicaUrl });
    // The last test stops the replica under this connection; it is not used after.
    replica.on('error', () => undefined);
    await replica.connect();
  }, 180_000);
  afterAll(async () => {
    await replica?.end().catch(() => undefined);
    await app?.close();
    await database?.close();
    if (work) {
      await run('bash', [pair, 'stop', work], { env: { ...process.env, PG_BIN }, timeout: 60_000 });
      rmSync(work, { recursive: true, force: true });
    }
  }, 90_000);

  const health = async () => {
    const answer = await app.inject({ method: 'GET', url: '/api/health' });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<Health>();
  };
  /** Waits for the server's poll of the replica to see what `check` asks. */
  const healthWhen = async (check: (replica: NonNullable<Health['replica']>) => boolean) => {
    for (let tries = 0; tries < 100; tries++) {
      const state = (await health()).replica;
      if (state && check(state)) return state;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the replica never reached the state asked: ${JSON.stringify((await health()).replica)}`);
  };
  const readAfterOf = (response: LightMyRequestResponse) => {
    const cookie = String(response.headers['set-cookie'] ?? '');
    const value = new RegExp(`${READ_AFTER_COOKIE}=([^;]+)`).exec(cookie)?.[1];
    expect(value, cookie).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
    return `${READ_AFTER_COOKIE}=${value}`;
  };
  const addPatient = async (surname: string) => {
    const created = await call(app, secretary, 'addPatient', {
      body: {
        patient_surname: surname,
        patient_name: 'Réplique',
        patient_gender: 'F',
        patient_dob: '1981-04-02',
        record_selected_analyses: [{ combination: 1, analysis_ids: [analysisId] }],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    return created;
  };
  const patientsNamed = async (surname: string, cookie?: string) => {
    const answer = await call(app, secretary, 'getPatients', {
      query: { search: surname },
      ...(cookie ? { headers: { cookie } } : {}),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ data: Array<{ patient_surname: string }> }>().data.length;
  };
  /** The dashboard's count of the patients added today, read with or without the writer's cookie. */
  const patientsAddedToday = async (cookie?: string) => {
    const answer = await call(app, secretary, 'getDashboard', cookie ? { headers: { cookie } } : {});
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ summary: { patients_added: number } }>().summary.patients_added;
  };
  const pauseReplay = () => replica.query('SELECT pg_wal_replay_pause()');
  const resumeReplay = () => replica.query('SELECT pg_wal_replay_resume()');

  it('reports the replica caught up, then its lag while its replay is paused', async () => {
    const caughtUp = await healthWhen((state) => state.serving && state.lag_bytes === 0);
    expect(caughtUp).toMatchObject({ lag_seconds: 0, problem: null });
    expect(caughtUp.replay_lsn).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
    await pauseReplay();
    try {
      await addPatient('Retard');
      const behind = await healthWhen((state) => (state.lag_bytes ?? 0) > 0);
      expect(behind.lag_seconds).toBeGreaterThan(0);
      expect(behind.serving).toBe(true);
    } finally {
      await resumeReplay();
    }
    await healthWhen((state) => state.lag_bytes === 0);
  });

  it('lets a user read their write at once, and sends lists to the replica once it has the write', async () => {
    await healthWhen((state) => state.serving && state.lag_bytes === 0);
    const addedBefore = await patientsAddedToday();
    await pauseReplay();
    try {
      const created = await addPatient('Ecrivain');
      const readAfter = readAfterOf(created);
      // The writer's own list and dashboard read on the primary: the replica, paused, has not the
      // patient yet.
      expect(await patientsNamed('Ecrivain', readAfter)).toBe(1);
      expect(await patientsAddedToday(readAfter)).toBe(addedBefore + 1);
      // A read that has written nothing reads on the replica, lag and all.
      expect(await patientsNamed('Ecrivain')).toBe(0);
      expect(await patientsAddedToday()).toBe(addedBefore);
      await resumeReplay();
      const written = lsnValue(readAfter.split('=')[1] ?? '') ?? 0n;
      await healthWhen((state) => (lsnValue(state.replay_lsn ?? '0/0') ?? 0n) >= written);
      // Past the write, the writer's lists go back to the replica: with its replay paused again, a
      // patient written since on the primary alone is not seen through the same cookie.
      await pauseReplay();
      const second = readAfterOf(await addPatient('Ecrivain'));
      expect(await patientsNamed('Ecrivain', readAfter)).toBe(1);
      expect(await patientsNamed('Ecrivain', second)).toBe(2);
    } finally {
      await resumeReplay();
    }
  });

  it('sends lists back to the primary while the replica is down, and says so in the health check', async () => {
    await addPatient('Panne');
    await healthWhen((state) => state.serving && state.lag_bytes === 0);
    const stop = [`${PG_BIN}/pg_ctl`, '-D', path.join(work, 'replica'), '-m', 'fast', '-w', 'stop'];
    await run('runuser', ['-u', 'postgres', '--', ...stop]);
    try {
      // The first read may still find the replica serving: it fails there and runs on the primary.
      expect(await patientsNamed('Panne')).toBe(1);
      const down = await healthWhen((state) => !state.serving);
      expect(down.problem).toBeTruthy();
      expect(await patientsNamed('Panne')).toBe(1);
    } finally {
      await run('bash', [pair, 'start', work, ...ports.map(String)], {
        env: { ...process.env, PG_BIN },
        timeout: 120_000,
      });
    }
    await healthWhen((state) => state.serving);
  }, 180_000);
});
