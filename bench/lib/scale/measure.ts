import autocannon from 'autocannon';
import type pg from 'pg';
import { rounded } from '../figures.js';
import type { LoadOptions, Session } from '../http.js';
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

async function timeCalls(calls: number, once: () => Promise<void>): Promise<Timing> {
  // One call first, not counted: plans and pages are cached as they would be in a running laboratory.
  await once();
  const durations: number[] = [];
  for (let i = 0; i < calls; i++) {
    const started = performance.now();
    await once();
    durations.push(performance.now() - started);
  }
  return { p50: rounded(percentile(durations, 0.5)), p95: rounded(percentile(durations, 0.95)) };
}

function authHeaders(session: Session): Record<string, string> {
  return {
    authorization: `Bearer ${session.access_token}`,
    uid: session.uid,
    authmachineid: session.authMachineId,
  };
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
