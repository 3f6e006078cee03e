import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { type AppDeps, buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import { type Database, type Db, openDatabase, type Tx } from '../src/db/open.js';
import { databaseRefusal } from '../src/lib/errors.js';
import { SYSTEM_ACTOR, writeTransaction } from '../src/lib/transaction.js';
import { DEMO_PASSWORD, seedDemo } from '../src/seed/demo.js';
import { seedDemoRecords } from '../src/seed/demo-records.js';
import { type RawInput, sendByName } from './client.js';
import { createPostgresDatabase as createDatabase } from './databases.js';
import { localNames } from './local-names.js';

/** The databases every integration test runs on: the embedded one, and PostgreSQL when configured. */
export const DATABASES: Array<'pglite' | 'postgres'> = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/** A new PostgreSQL database next to TEST_DATABASE_URL's, migrated: a copy of the run's template. */
export const createPostgresDatabase = () => createDatabase(inject('postgresTemplate'));

let pgliteSnapshot: Blob | undefined;

/** A database of its own for one test file: a fresh in-memory PGlite, or a new PostgreSQL database. */
export async function openTestDatabase(kind: 'pglite' | 'postgres'): Promise<Database> {
  if (kind === 'pglite') {
    pgliteSnapshot ??= new Blob([readFileSync(inject('pgliteSnapshotPath'))]);
    return openDatabase({ pgliteSnapshot });
  }
  const created = await createPostgresDatabase();
  const database = await openDatabase({ url: created.url });
  return {
    ...database,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}

/** A schema name of its own (pg-boss's): parallel tests never share one. */
export const testSchemaName = (prefix: string) => `${prefix}_${randomBytes(5).toString('hex')}`;

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
}

/**
 * Boots the real application on a test database with the demo users; `demo: 'full'` adds the demo
 * catalogue and records as `npm start` makes them. User-set host names resolve through
 * `localNames` unless `overrides.resolveHost` says otherwise: no test asks the DNS.
 */
export async function startTestApp(
  kind: 'pglite' | 'postgres',
  env: Record<string, string> = {},
  options: { demo?: 'users' | 'full'; overrides?: AppDeps['overrides'] } = {},
): Promise<TestContext> {
  const database = await openTestDatabase(kind);
  await seedDemo(database.db, { catalogue: options.demo === 'full' });
  const config = loadConfig({
    DATA_DIR: '/nonexistent',
    WEB_DIST_DIR: '/nonexistent',
    STORAGE_DIR: mkdtempSync(path.join(os.tmpdir(), 'sil-files-')),
    PUBLIC_URL: 'https://lab.example',
    // Sends are run by hand unless a test starts the job queue (delivery-jobs.int.test.ts).
    DELIVERY_POLL_SECONDS: '0',
    PGBOSS_SCHEMA: testSchemaName('pgboss'),
    ...env,
  });
  const app = await buildApp({
    config,
    db: database.db,
    logger: false,
    overrides: { resolveHost: localNames(), ...options.overrides },
  });
  await app.ready();
  if (options.demo === 'full') await seedDemoRecords(app, 'biologiste@demo.lab', DEMO_PASSWORD);
  return { app, database, config };
}

export async function stopTestApp(ctx: TestContext | undefined): Promise<void> {
  if (!ctx) return;
  await ctx.app.close();
  await ctx.database.close();
}

export const digest = (password: string) => createHash('sha256').update(password).digest('hex');
export const DEMO_DIGEST = digest(DEMO_PASSWORD);

let machineCounter = 0;
/** An auth_machine_id as the browser makes it: milliseconds then 6 base-32 characters. */
export const newMachineId = () => `${Date.now()}${(machineCounter++).toString(32).padStart(6, 'a')}`;

export interface Session {
  uid: string;
  access_token: string;
  refresh_token: string;
  machineId: string;
  headers: Record<string, string>;
}

export async function login(app: FastifyInstance, email: string, password = DEMO_DIGEST): Promise<Session> {
  const machineId = newMachineId();
  const response = await sendByName(app, null, 'login', {
    body: { email, password, auth_machine_id: machineId },
  });
  if (response.statusCode !== 200) throw new Error(`login of ${email} failed: ${response.body}`);
  const tokens = response.json<{ uid: string; access_token: string; refresh_token: string }>();
  return { ...tokens, machineId, headers: authHeaders(tokens.access_token, tokens.uid, machineId) };
}

export const authHeaders = (accessToken: string, uid: string, machineId: string) => ({
  authorization: `Bearer ${accessToken}`,
  uid,
  authmachineid: machineId,
});

/**
 * Calls the API as a logged-in user: by the call's name in the route table (`call(app, session,
 * 'getSample', { query: { sample_id } })`), or with hand-made inject options for what the table
 * cannot say (a wrong method, a raw body, another header).
 */
export function call(
  app: FastifyInstance,
  session: Session | null,
  name: string,
  input?: RawInput,
): Promise<LightMyRequestResponse>;
export function call(
  app: FastifyInstance,
  session: Session | null,
  options: InjectOptions,
): Promise<LightMyRequestResponse>;
export function call(
  app: FastifyInstance,
  session: Session | null,
  target: string | InjectOptions,
  input?: RawInput,
): Promise<LightMyRequestResponse> {
  if (typeof target === 'string') return sendByName(app, session, target, input);
  return app.inject({ ...target, headers: { ...(session?.headers ?? {}), ...(target.headers ?? {}) } });
}

export function codeOf(response: LightMyRequestResponse): string | undefined {
  return response.json<{ code?: string }>().code;
}

/** Moves a stored time back, as if `seconds` had passed, without waiting. */
export async function ageRows(
  database: Database,
  table: string,
  column: string,
  seconds: number,
): Promise<void> {
  await database.db.execute(
    sql.raw(`UPDATE ${table} SET ${column} = ${column} - interval '${seconds} seconds'`),
  );
}

/** A direct write, as a service would make it: 'accepted', or the catalogue code the database answers. */
export async function directWrite(db: Db, work: (tx: Tx) => Promise<unknown>): Promise<string> {
  try {
    await writeTransaction(db, SYSTEM_ACTOR, work);
    return 'accepted';
  } catch (error) {
    return databaseRefusal(error)?.code ?? String(error);
  }
}

export { multipart } from './multipart.js';
