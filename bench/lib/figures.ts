import { randomInt } from 'node:crypto';
import type autocannon from 'autocannon';

export type DatabaseKind = 'pglite' | 'postgres';

/** One measured figure, printed as one JSON line and kept in results/latest.json. */
export interface Figure {
  figure: string;
  /** 'none' for a figure no database takes part in (the report renderer). */
  database: DatabaseKind | 'none';
  value?: number;
  unit?: string;
  /** Why the figure could not be measured (database unreachable, server failed to start…). */
  skipped?: string;
  [detail: string]: string | number | boolean | undefined;
}

const MACHINE_SUFFIX_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * The browser identifier the web client sends with every login: a 13-digit millisecond timestamp
 * followed by six lowercase letters or digits. The clock and the random source are parameters so
 * that the format can be checked without depending on time.
 */
export function newAuthMachineId(
  nowMs: number = Date.now(),
  pickIndex: (alphabetLength: number) => number = randomInt,
): string {
  let suffix = '';
  for (let i = 0; i < 6; i++) suffix += MACHINE_SUFFIX_ALPHABET[pickIndex(MACHINE_SUFFIX_ALPHABET.length)];
  return `${String(Math.trunc(nowMs)).padStart(13, '0')}${suffix}`;
}

/** Rounds to a fixed number of decimals so that the JSON lines stay readable. */
export function rounded(value: number, decimals = 1): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** Requests per second with latency percentiles; non-2xx answers and errors are kept so a bad run shows. */
export function throughputFigure(figure: string, database: DatabaseKind, result: autocannon.Result): Figure {
  return {
    figure,
    database,
    value: rounded(result.requests.average),
    unit: 'req/s',
    p50_ms: rounded(result.latency.p50),
    p99_ms: rounded(result.latency.p99),
    requests: result.requests.total,
    non_2xx: result.non2xx,
    errors: result.errors,
    duration_s: rounded(result.duration),
    connections: result.connections,
  };
}

/** Resident memory of a process, read from /proc (Linux only), in mebibytes. */
export function parseVmRssMiB(procStatus: string): number | undefined {
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(procStatus);
  return match?.[1] === undefined ? undefined : rounded(Number(match[1]) / 1024);
}
