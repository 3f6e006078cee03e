import { writeFileSync } from 'node:fs';
import { apiTable } from '@sil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from './factories.js';
import { type Caller, describeFindings, type FuzzTally, fuzzRoutes, type Transport } from './fuzz/engine.js';
import {
  call,
  DATABASES,
  login,
  type Session,
  startTestApp,
  stopTestApp,
  type TestContext,
} from './helpers.js';

/**
 * Every route of the table, with bodies and query strings generated from its contract schemas and
 * mutated (issue 10, 'Tests that stay'): never a 500 nor a hang, every error a catalogue code. The
 * seed is fixed so that a failure comes back; FUZZ_SEED and FUZZ_RUNS try others (and `npm run bench
 * -- --fuzz` runs longer, against the real server).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 40);

describe.each(DATABASES)('generated and mutated input on every route, on %s', (kind) => {
  let ctx: TestContext;
  const sessions = new Map<Caller, Session>();

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    const admin = await login(ctx.app, 'admin@demo.lab');
    sessions.set('admin', admin);
    sessions.set('clinic', await login(ctx.app, 'clinique@demo.lab'));
    // Some data of every kind for the generated ids to find: a catalogue, a patient and a record.
    const catalogue = await seedCatalogue(ctx.app, admin);
    const created = await call(ctx.app, admin, 'addPatient', {
      body: {
        patient_surname: 'Lefèvre-Dupont',
        patient_name: 'Zoé',
        patient_gender: 'F',
        patient_dob: '1984-02-29',
        record_selected_analyses: [{ combination: 1, analysis_ids: [catalogue.nfs, catalogue.ecbu] }],
      },
    });
    if (created.statusCode !== 200) throw new Error(created.body);
  });
  afterAll(() => stopTestApp(ctx));

  it('answers no 500 and no error outside the catalogue', { timeout: 600_000 }, async () => {
    const send: Transport = async (request) => {
      const response = await call(ctx.app, sessions.get(request.caller) ?? null, {
        method: request.method,
        url: request.url,
        headers: request.headers,
        ...(request.payload !== undefined ? { payload: request.payload } : {}),
      });
      return { status: response.statusCode, body: response.body };
    };
    const protect = [...sessions.values()].map((session) => session.uid);
    const tally: FuzzTally = await fuzzRoutes(send, { seed: SEED, runsPerRoute: RUNS_PER_ROUTE, protect });
    const { calls, byStatus, findings } = tally;
    console.info(`fuzz on ${kind}: ${calls} calls, ${findings.length} findings, ${JSON.stringify(byStatus)}`);
    // The whole failing requests, to send them again (FUZZ_FINDINGS=file.json).
    if (process.env.FUZZ_FINDINGS)
      writeFileSync(
        process.env.FUZZ_FINDINGS.replace(/(\.json)?$/, `-${kind}.json`),
        JSON.stringify(findings),
      );
    // Every route of the table, each with all its runs.
    expect(calls).toBe(Object.keys(apiTable).length * RUNS_PER_ROUTE);
    // The generated requests reach the routes' own rules, not only the validation in front of them.
    expect(Object.keys(byStatus)).toEqual(expect.arrayContaining(['200', '400', '404']));
    expect(findings, describeFindings(findings)).toEqual([]);
  });
});
