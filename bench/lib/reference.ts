import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { LoadOptions, Session } from './http.js';

/** The national NABM table of ../shared; the benchmark imports it as a laboratory would. */
export const NATIONAL_NABM_TABLE = fileURLToPath(
  new URL('../../../shared/data/nabm/IR_BIO_R.csv', import.meta.url),
);

export const hasNationalTable = () => existsSync(NATIONAL_NABM_TABLE);

function headers(session: Session): Record<string, string> {
  return {
    authorization: `Bearer ${session.access_token}`,
    uid: session.uid,
    authmachineid: session.authMachineId,
  };
}

/** One import of the national table through the API; answers the milliseconds it took and the report. */
export async function importNationalTable(baseUrl: string, session: Session) {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(NATIONAL_NABM_TABLE)]), 'IR_BIO_R.csv');
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/import-nabms`, {
    method: 'POST',
    headers: headers(session),
    body: form,
  });
  const body = (await response.json()) as { total?: number; added?: string[]; unchanged?: number };
  if (response.status !== 200)
    throw new Error(`import-nabms answered ${response.status}: ${JSON.stringify(body)}`);
  return {
    ms: performance.now() - started,
    total: body.total ?? 0,
    added: body.added?.length ?? 0,
    unchanged: body.unchanged ?? 0,
  };
}

/** A page of the NABM table as the table screen asks it: searched, sorted, 25 lines. */
export function loadNabmPage(
  baseUrl: string,
  session: Session,
  options: LoadOptions,
): Promise<autocannon.Result> {
  return autocannon({
    url: `${baseUrl}/api/get-nabms?search=HEMO&sort_by=code&sort_order=ASC&number_of_records=25&page_number=1`,
    headers: headers(session),
    duration: options.durationSeconds,
    connections: options.connections,
  });
}

/** 'Load all' for a drop-down (number_of_records 2147483647): median time and size over `times` calls. */
export async function timeLoadAll(baseUrl: string, session: Session, times = 20) {
  const durations: number[] = [];
  let bytes = 0;
  let rows = 0;
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/get-nabms?number_of_records=2147483647&page_number=1`, {
      headers: headers(session),
    });
    const text = await response.text();
    durations.push(performance.now() - started);
    if (response.status !== 200)
      throw new Error(`get-nabms answered ${response.status}: ${text.slice(0, 200)}`);
    bytes = text.length;
    rows = (JSON.parse(text) as { data: unknown[] }).data.length;
  }
  durations.sort((a, b) => a - b);
  return { medianMs: durations[Math.floor(durations.length / 2)] ?? 0, bytes, rows };
}
