import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  type Caller,
  describeFindings,
  type FuzzTally,
  fuzzRoutes,
  type Transport,
} from '../packages/server/test/fuzz/engine.js';
import type { DatabaseKind } from './lib/figures.js';
import { authHeaders, loginAsDemoUser, type Session } from './lib/http.js';
import { createRunDatabase, dropRunDatabase } from './lib/postgres.js';
import { Results } from './lib/results.js';
import { type RunningServer, startServer, stopAllServers } from './lib/server.js';

/** Runs per route in one round; each round reads the laboratory's ids and stamps again first. */
const RUNS_PER_ROUND = 50;
const USERS: Record<Caller, string> = { admin: 'admin@demo.lab', clinic: 'clinique@demo.lab' };

export interface FuzzSettings {
  /** Generated requests per route, in all. */
  runs: number;
  seed: number;
  /** At most this long per database. */
  seconds: number;
  databases: DatabaseKind[];
}

/** `--runs N --seed S --seconds T --database pglite|postgres` after `npm run bench -- --fuzz`. */
export function fuzzSettings(argv: string[]): FuzzSettings {
  const { values } = parseArgs({
    args: argv,
    strict: false,
    options: {
      runs: { type: 'string' },
      seed: { type: 'string' },
      seconds: { type: 'string' },
      database: { type: 'string' },
    },
  });
  const number = (value: unknown, fallback: number) => {
    const parsed = typeof value === 'string' ? Number(value) : fallback;
    if (!Number.isSafeInteger(parsed) || parsed < 0) throw new Error(`not a whole number: ${String(value)}`);
    return parsed;
  };
  const database = values.database;
  if (database !== undefined && database !== 'pglite' && database !== 'postgres')
    throw new Error(`--database is pglite or postgres, not ${String(database)}`);
  return {
    runs: number(values.runs, 200),
    seed: number(values.seed, Date.now() % 1_000_000_000),
    seconds: number(values.seconds, 600),
    databases: database ? [database] : ['pglite', 'postgres'],
  };
}

/** Sends generated requests over HTTP as the demo users, logging in again when a session ends. */
async function httpTransport(baseUrl: string): Promise<Transport> {
  const sessions = new Map<Caller, Session>();
  for (const caller of Object.keys(USERS) as Caller[])
    sessions.set(caller, await loginAsDemoUser(baseUrl, USERS[caller]));
  const send: Transport = async (request) => {
    const session = sessions.get(request.caller);
    const response = await fetch(`${baseUrl}${request.url}`, {
      method: request.method,
      headers: { ...(session ? authHeaders(session) : {}), ...request.headers },
      redirect: 'manual',
      ...(request.payload !== undefined ? { body: request.payload } : {}),
    });
    return { status: response.status, body: await response.text() };
  };
  return async (request) => {
    const answer = await send(request);
    if (answer.status !== 401 || !answer.body.includes('accessTokenExpired')) return answer;
    sessions.set(request.caller, await loginAsDemoUser(baseUrl, USERS[request.caller]));
    return send(request);
  };
}

/** Rounds of generated requests until the runs are made or the time is up; the tallies added up. */
async function fuzzServer(server: RunningServer, settings: FuzzSettings): Promise<FuzzTally> {
  const send = await httpTransport(server.baseUrl);
  const deadline = Date.now() + settings.seconds * 1000;
  const total: FuzzTally = {
    calls: 0,
    byStatus: {},
    findings: [],
    undocumented: new Map(),
    stoppedEarly: false,
    routeMs: new Map(),
  };
  for (let round = 0, done = 0; done < settings.runs && !total.stoppedEarly; round++) {
    const runsPerRoute = Math.min(RUNS_PER_ROUND, settings.runs - done);
    const tally = await fuzzRoutes(send, { seed: settings.seed + round * 1_000, runsPerRoute, deadline });
    total.calls += tally.calls;
    total.findings.push(...tally.findings);
    total.stoppedEarly = tally.stoppedEarly;
    for (const [status, count] of Object.entries(tally.byStatus))
      total.byStatus[Number(status)] = (total.byStatus[Number(status)] ?? 0) + count;
    for (const [route, codes] of tally.undocumented)
      total.undocumented.set(route, new Set([...(total.undocumented.get(route) ?? []), ...codes]));
    for (const [route, ms] of tally.routeMs) total.routeMs.set(route, (total.routeMs.get(route) ?? 0) + ms);
    done += runsPerRoute;
    process.stderr.write(`round ${round + 1}: ${total.calls} calls, ${total.findings.length} findings\n`);
  }
  return total;
}

async function fuzzDatabase(database: DatabaseKind, settings: FuzzSettings, results: Results): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `sil-bench-fuzz-${database}-`));
  const created = database === 'postgres' ? await createRunDatabase() : undefined;
  try {
    const server = await startServer({ dataDir, ...(created ? { databaseUrl: created.url } : {}) });
    const started = performance.now();
    const tally = await fuzzServer(server, settings);
    const count = (problem: string) => tally.findings.filter((found) => found.problem === problem).length;
    results.record({
      figure: 'fuzz_calls',
      database,
      value: tally.calls,
      unit: 'calls',
      seed: settings.seed,
      runs_per_route: settings.runs,
      seconds: Math.round((performance.now() - started) / 1000),
      stopped_by_time: tally.stoppedEarly,
      server_errors: count('serverError'),
      non_catalogue_errors: count('notCatalogue'),
      hangs: count('hang'),
      transport_errors: count('transportError'),
      statuses: JSON.stringify(tally.byStatus),
    });
    if (tally.findings.length > 0) {
      process.stderr.write(`${describeFindings(tally.findings.slice(0, 50))}\n`);
      process.exitCode = 1;
    }
    const undocumented = [...tally.undocumented].map(
      ([route, codes]) => `${route}: ${[...codes].join(', ')}`,
    );
    if (undocumented.length > 0)
      process.stderr.write(`codes answered but not listed in the route table:\n${undocumented.join('\n')}\n`);
    await server.stop();
  } finally {
    await stopAllServers();
    await rm(dataDir, { recursive: true, force: true });
    if (created) await dropRunDatabase(created.name);
  }
}

/**
 * `npm run bench -- --fuzz`: the fuzz suite of the integration tests, longer and against the real
 * server over HTTP, on each database; prints the calls tried, the 500s, the errors outside the
 * catalogue and the hangs, and writes them to results/fuzz-latest.json.
 */
export async function runFuzz(argv: string[]): Promise<void> {
  const settings = fuzzSettings(argv);
  process.stderr.write(
    `fuzz: seed ${settings.seed}, ${settings.runs} runs per route, at most ${settings.seconds} s per database\n`,
  );
  const startedAt = new Date();
  const results = new Results('fuzz-latest.json');
  for (const database of settings.databases) await fuzzDatabase(database, settings, results);
  const file = await results.write(startedAt);
  process.stderr.write(`figures written to ${path.relative(process.cwd(), file)}\n`);
}
