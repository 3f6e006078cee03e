import autocannon from 'autocannon';
import type pg from 'pg';
import { rounded } from '../figures.js';
import { authHeaders, type LoadOptions, type Session } from '../http.js';
import { type ListCase, PAGE_SIZE } from './cases.js';

/** Nearest-rank percentile of a sample of durations. */
export function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(fraction * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

export interface Timing {
  p50: number;
  p95: number;
}

/** Uncounted calls before each timed series, the same for the API and the statements by hand. */
const WARM_UP_CALLS = Number(process.env.BENCH_SCALE_WARM_UP_CALLS ?? 20);

export async function timeCalls(
  calls: number,
  once: () => Promise<void>,
  prepare: () => Promise<void> = async () => undefined,
  /**
   * Its floor (the statements by hand), timed call for call beside `once`, each going first in turn:
   * both then see the same moments of the machine's load, and their ratio tells the code apart
   * from the minute it ran in.
   */
  beside?: () => Promise<void>,
): Promise<Timing & { beside?: Timing }> {
  // Calls first, not counted: plans and pages are cached, and the server's code compiled by V8, as
  // they are in a laboratory's running server (one uncounted call left a route's code to be
  // optimised during the timed ones: 12.8 ms at p50 for the preview against 7.7 after 50 calls).
  for (let i = 0; i < WARM_UP_CALLS; i++) {
    await prepare();
    await once();
    await beside?.();
  }
  const timed = async (call: () => Promise<void>, into: number[]) => {
    const started = performance.now();
    await call();
    into.push(performance.now() - started);
  };
  const durations: number[] = [];
  const besideDurations: number[] = [];
  for (let i = 0; i < calls; i++) {
    // What the screen does before the call (reading the stamps to send) is not timed.
    await prepare();
    if (beside && i % 2 === 1) await timed(beside, besideDurations);
    await timed(once, durations);
    if (beside && i % 2 === 0) await timed(beside, besideDurations);
  }
  const timing = (values: number[]) => ({
    p50: rounded(percentile(values, 0.5)),
    p95: rounded(percentile(values, 0.95)),
  });
  return { ...timing(durations), ...(beside ? { beside: timing(besideDurations) } : {}) };
}

export function listUrl(baseUrl: string, listCase: ListCase): string {
  const query = new URLSearchParams({
    number_of_records: String(PAGE_SIZE),
    page_number: '1',
    ...listCase.query,
  });
  return `${baseUrl}/api/get-${listCase.table}?${query}`;
}

/** Times the list call through the API; answers its timing and the row count the API announced. */
export async function timeApiList(
  baseUrl: string,
  session: Session,
  listCase: ListCase,
  calls: number,
): Promise<Timing & { numberOfRows: number }> {
  const url = listUrl(baseUrl, listCase);
  let numberOfRows = 0;
  const timing = await timeCalls(calls, async () => {
    const response = await fetch(url, { headers: authHeaders(session) });
    const body = (await response.json()) as { number_of_rows?: number };
    if (response.status !== 200)
      throw new Error(`${url} answered ${response.status}: ${JSON.stringify(body)}`);
    numberOfRows = body.number_of_rows ?? 0;
  });
  return { ...timing, numberOfRows };
}

export function timeSqlList(client: pg.ClientBase, listCase: ListCase, calls: number): Promise<Timing> {
  return timeCalls(calls, async () => {
    await client.query(listCase.sql, listCase.params);
  });
}

/** Requests per second of one GET, authenticated or not, with the status every answer must have. */
export function loadGet(
  url: string,
  session: Session | undefined,
  options: LoadOptions,
): Promise<autocannon.Result> {
  return autocannon({
    url,
    method: 'GET',
    headers: session ? authHeaders(session) : {},
    duration: options.durationSeconds,
    connections: options.connections,
  });
}

async function json(response: Response, what: string): Promise<unknown> {
  const body: unknown = await response.json();
  if (response.status !== 200)
    throw new Error(`${what} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

interface BenchLine {
  parameter_id: string;
  calculation_inputs: unknown[] | null;
  result: { result_last_updated: string } | null;
}

/**
 * Case (a): the bench saves every typed result of one sample at once (PUT update-sample-results),
 * the stamps read just before as the screen does; each call changes every value, so each call
 * writes, traces, recalculates the calculated parameters and answers the sample's new reading.
 */
export async function timeSaveSample(
  baseUrl: string,
  session: Session,
  sampleId: string,
  calls: number,
): Promise<Timing & { lines: number }> {
  let body = '';
  let lines = 0;
  let round = 0;
  const prepare = async () => {
    const read = (await json(
      await fetch(`${baseUrl}/api/get-sample-results?sample_id=${sampleId}`, {
        headers: authHeaders(session),
      }),
      'get-sample-results',
    )) as { lines: BenchLine[] };
    round += 1;
    const typed = read.lines.filter((line) => line.calculation_inputs === null);
    lines = typed.length;
    body = JSON.stringify({
      sample_id: sampleId,
      results: typed.map((line, index) => ({
        parameter_id: line.parameter_id,
        result_value: 1 + ((index + round) % 7) / 10,
        result_last_updated: line.result?.result_last_updated ?? null,
      })),
    });
  };
  const timing = await timeCalls(
    calls,
    async () => {
      await json(
        await fetch(`${baseUrl}/api/update-sample-results`, {
          method: 'PUT',
          headers: { ...authHeaders(session), 'content-type': 'application/json' },
          body,
        }),
        'update-sample-results',
      );
    },
    prepare,
  );
  return { ...timing, lines };
}

/** Case (b): the biologist's preview of a record, each result with the patient's previous one. */
export async function timePreviewRecord(
  baseUrl: string,
  session: Session,
  recordId: string,
  calls: number,
  beside?: () => Promise<void>,
): Promise<Timing & { beside?: Timing; results: number; anteriorities: number }> {
  let results = 0;
  let anteriorities = 0;
  const timing = await timeCalls(
    calls,
    async () => {
      const answer = (await json(
        await fetch(`${baseUrl}/api/preview-record?record_id=${recordId}`, { headers: authHeaders(session) }),
        'preview-record',
      )) as { samples: Array<{ lines: Array<{ result: unknown; anteriority: unknown }> }> };
      const lines = answer.samples.flatMap((sample) => sample.lines);
      results = lines.filter((line) => line.result !== null).length;
      anteriorities = lines.filter((line) => line.anteriority !== null).length;
    },
    undefined,
    beside,
  );
  return { ...timing, results, anteriorities };
}

/** The dashboard (issue 17): every panel's counters in one call; answers its timing and what it counted. */
export async function timeDashboard(
  baseUrl: string,
  session: Session,
  calls: number,
): Promise<Timing & { tasks: Record<string, number> }> {
  let tasks: Record<string, number> = {};
  const timing = await timeCalls(calls, async () => {
    const answer = (await json(
      await fetch(`${baseUrl}/api/get-dashboard`, { headers: authHeaders(session) }),
      'get-dashboard',
    )) as { tasks: Array<{ task_type: string; count: number }> };
    tasks = Object.fromEntries(answer.tasks.map((task) => [task.task_type, task.count]));
  });
  return { ...timing, tasks };
}

/**
 * The patient's results history (the patient history screen): the first page of their results,
 * newest collection first; answers its timing, the rows shown and the patient's results counted.
 */
export async function timePatientHistory(
  baseUrl: string,
  session: Session,
  patientId: string,
  pageSize: number,
  calls: number,
  beside?: () => Promise<void>,
): Promise<Timing & { beside?: Timing; shown: number; numberOfRows: number }> {
  const url = `${baseUrl}/api/get-patient-results?${new URLSearchParams({
    patient_id: patientId,
    page_number: '1',
    number_of_records: String(pageSize),
  })}`;
  let shown = 0;
  let numberOfRows = 0;
  const timing = await timeCalls(
    calls,
    async () => {
      const answer = (await json(
        await fetch(url, { headers: authHeaders(session) }),
        'get-patient-results',
      )) as {
        data: unknown[];
        number_of_rows: number;
      };
      shown = answer.data.length;
      numberOfRows = answer.number_of_rows;
    },
    undefined,
    beside,
  );
  return { ...timing, shown, numberOfRows };
}

/** The Levey-Jennings chart of one control setting; answers its timing and the points drawn. */
export async function timeCiqChart(
  baseUrl: string,
  session: Session,
  settingId: string,
  calls: number,
  beside?: () => Promise<void>,
): Promise<Timing & { beside?: Timing; points: number }> {
  const url = `${baseUrl}/api/get-ciq-chart?ciq_setting_id=${settingId}`;
  let points = 0;
  const timing = await timeCalls(
    calls,
    async () => {
      const answer = (await json(await fetch(url, { headers: authHeaders(session) }), 'get-ciq-chart')) as {
        points: unknown[];
      };
      points = answer.points.length;
    },
    undefined,
    beside,
  );
  return { ...timing, points };
}
