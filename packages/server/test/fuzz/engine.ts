import { type ApiRouteDef, apiTable, ERROR_STATUS, errorAnswersOf, isErrorCode } from '@sil/contract';
import fc from 'fast-check';
import { arbitraryOf, harvest, inputSchemaOf, type ValuePool } from './arbitraries.js';
import { type FuzzRequest, queryStringOf, requestsOf } from './requests.js';

export type { Caller, FuzzRequest } from './requests.js';

export interface FuzzAnswer {
  status: number;
  body: string;
}

/** Sends one request as its caller (the transport adds the caller's session). */
export type Transport = (request: FuzzRequest) => Promise<FuzzAnswer>;

export type Problem = 'serverError' | 'notCatalogue' | 'hang' | 'transportError';

export interface Finding {
  problem: Problem;
  route: string;
  caller: FuzzRequest['caller'];
  method: string;
  url: string;
  payload?: string;
  status?: number;
  answer: string;
  /** The whole request, to send it again. */
  request: FuzzRequest;
}

export interface FuzzTally {
  calls: number;
  byStatus: Record<number, number>;
  findings: Finding[];
  /** Catalogue codes a route answered that its route-table entry does not list (not a failure). */
  undocumented: Map<string, Set<string>>;
  stoppedEarly: boolean;
  /** Time spent on each route's calls, in milliseconds. */
  routeMs: Map<string, number>;
}

export interface FuzzOptions {
  seed: number;
  runsPerRoute: number;
  /** Stops generating once this time (ms since the epoch) has passed. */
  deadline?: number;
  /** A call that has not answered after this long is a hang. */
  callTimeoutMs?: number;
  /** Values that generated requests must not use (the fuzzing users' own ids, so they stay who they are). */
  protect?: readonly string[];
  /** Only the routes whose name passes. */
  only?: (name: string) => boolean;
}

const clip = (text: string, length = 300) =>
  text.length > length ? `${text.slice(0, length)}… (${text.length} characters)` : text;

/** What is wrong with an answer, if anything: a 500, a hang, or an error without its catalogue code. */
export function problemOf(answer: FuzzAnswer): Problem | undefined {
  if (answer.status === 500) return 'serverError';
  if (answer.status < 400) return undefined;
  let code: unknown;
  try {
    code = (JSON.parse(answer.body) as { code?: unknown }).code;
  } catch {
    return 'notCatalogue';
  }
  if (!isErrorCode(code) || ERROR_STATUS[code] !== answer.status) return 'notCatalogue';
  return undefined;
}

async function withTimeout(request: Promise<FuzzAnswer>, ms: number): Promise<FuzzAnswer | 'hang'> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<'hang'>((resolve) => {
    timer = setTimeout(() => resolve('hang'), ms);
  });
  try {
    return await Promise.race([request, hang]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Fills the pool with the laboratory's own ids, stamps and codes: every read call, twice (the
 * second time with ids the first one found), as the administrator.
 */
export async function harvestPool(send: Transport, protect: readonly string[]): Promise<ValuePool> {
  const pool: ValuePool = new Map();
  const reads = Object.entries(apiTable).filter(
    ([, def]) => def.method === 'GET' && (def.kind === undefined || def.kind === 'json'),
  );
  for (const pass of [0, 1]) {
    for (const [name, def] of reads) {
      const query = def.query
        ? fc.sample(arbitraryOf(inputSchemaOf(def.query), pool), { seed: pass, numRuns: 1 })[0]
        : undefined;
      const url = `${def.path}${queryStringOf(query)}`;
      const answer = await send({ route: name, caller: 'admin', method: 'GET', url, headers: {} });
      if (answer.status === 200) harvest(pool, JSON.parse(answer.body));
    }
  }
  for (const [key, values] of pool) {
    pool.set(
      key,
      values.filter((value) => !protect.includes(value)),
    );
  }
  return pool;
}

/** Routes in table order, deletions last so that the data they remove served the others first. */
function routeOrder(only?: (name: string) => boolean): Array<[string, ApiRouteDef]> {
  const entries = Object.entries(apiTable).filter(([name]) => !only || only(name));
  return [
    ...entries.filter(([, def]) => def.method !== 'DELETE'),
    ...entries.filter(([, def]) => def.method === 'DELETE'),
  ];
}

/**
 * Sends `runsPerRoute` generated requests to every route of the table (deterministic for a seed and
 * the same data) and checks each answer: never a 500 nor a hang, every error a catalogue code with
 * the catalogue's status.
 */
export async function fuzzRoutes(send: Transport, options: FuzzOptions): Promise<FuzzTally> {
  const tally: FuzzTally = {
    calls: 0,
    byStatus: {},
    findings: [],
    undocumented: new Map(),
    stoppedEarly: false,
    routeMs: new Map(),
  };
  const pool = await harvestPool(send, options.protect ?? []);
  const timeout = options.callTimeoutMs ?? 15_000;
  for (const [index, [name, def]] of routeOrder(options.only).entries()) {
    const requests = fc.sample(requestsOf(name, def, pool), {
      seed: options.seed + index,
      numRuns: options.runsPerRoute,
    });
    // Answers of the HTTP server itself, before any route: any call may give them.
    const documented = new Set<string>([
      ...Array.from(errorAnswersOf(def).values()).flat(),
      'headersTooLarge',
      'requestTimeout',
    ]);
    const started = performance.now();
    for (const request of requests) {
      if (options.deadline !== undefined && Date.now() > options.deadline) {
        tally.stoppedEarly = true;
        return tally;
      }
      tally.calls++;
      const finding = (problem: Problem, answer: string, status?: number): Finding => ({
        problem,
        route: name,
        caller: request.caller,
        method: request.method,
        url: clip(request.url),
        ...(request.payload !== undefined ? { payload: clip(String(request.payload)) } : {}),
        ...(status !== undefined ? { status } : {}),
        answer: clip(answer),
        request,
      });
      let answer: FuzzAnswer | 'hang';
      try {
        answer = await withTimeout(send(request), timeout);
      } catch (error) {
        tally.findings.push(finding('transportError', String(error)));
        continue;
      }
      if (answer === 'hang') {
        tally.findings.push(finding('hang', `no answer after ${timeout} ms`));
        continue;
      }
      tally.byStatus[answer.status] = (tally.byStatus[answer.status] ?? 0) + 1;
      const problem = problemOf(answer);
      if (problem) {
        tally.findings.push(finding(problem, answer.body, answer.status));
        continue;
      }
      if (answer.status >= 400) {
        const { code } = JSON.parse(answer.body) as { code: string };
        if (!documented.has(code)) {
          tally.undocumented.set(name, (tally.undocumented.get(name) ?? new Set()).add(code));
        }
      }
    }
    tally.routeMs.set(name, Math.round(performance.now() - started));
  }
  return tally;
}

/** One line per finding, for a failing test's message and the bench's output. */
export function describeFindings(findings: readonly Finding[]): string {
  return findings
    .map(
      (found) =>
        `${found.problem} ${found.status ?? ''} ${found.method} ${found.url} as ${found.caller}` +
        `${found.payload !== undefined ? ` body ${found.payload}` : ''} → ${found.answer}`,
    )
    .join('\n');
}
