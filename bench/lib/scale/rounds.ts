import { readdir, readFile } from 'node:fs/promises';
import type autocannon from 'autocannon';
import { type Figure, rounded, throughputFigure } from '../figures.js';
import type { LoadOptions } from '../http.js';
import { percentile } from './measure.js';

/** One GET loaded in turn with the others: its name, and the run that loads it for some seconds. */
export interface RoundTarget {
  figure: string;
  load: (options: LoadOptions) => Promise<autocannon.Result>;
}

/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU time (user and system, in ms) of a line of /proc/<pid>/stat; 0 for an empty line. */
export function cpuMsOfStat(stat: string): number {
  // Fields after the command name, which is in parentheses and may hold spaces and parentheses:
  // utime is the 14th field of the line, stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND || 0;
}

/** CPU time a process has used so far, in ms; 0 once it is gone. */
const cpuMsOf = async (pid: number | string) =>
  cpuMsOfStat(await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => ''));

/** CPU time of every PostgreSQL process on the machine: the backends that answer the server. */
async function postgresCpuMs(): Promise<number> {
  const pids = (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry));
  const times = await Promise.all(
    pids.map(async (pid) => {
      const name = await readFile(`/proc/${pid}/comm`, 'utf8').catch(() => '');
      return name.startsWith('postgres') ? cpuMsOf(pid) : 0;
    }),
  );
  return times.reduce((sum, time) => sum + time, 0);
}

/**
 * Loads each target in turn, `rounds` times, for an equal share of `options.durationSeconds`, after
 * one turn not counted.
 * On a shared machine whose speed drifts over a minute, two figures taken one after the other
 * compare the machine as much as the calls; taken in turn, each ratio compares like with like.
 * Each figure is the median round, with the CPU time the server process and PostgreSQL spent per
 * request over all rounds (the share of a request that no drift of the machine changes).
 */
export async function loadInRounds(
  targets: readonly RoundTarget[],
  serverPid: number,
  options: LoadOptions & { rounds: number },
): Promise<Map<string, Figure>> {
  const share = {
    ...options,
    durationSeconds: Math.max(1, Math.round(options.durationSeconds / options.rounds)),
  };
  const runs = new Map(
    targets.map((target) => [
      target.figure,
      { results: [] as autocannon.Result[], serverMs: 0, postgresMs: 0 },
    ]),
  );
  // One turn first, not counted: the server compiles each route's code on its first calls.
  for (const target of targets) await target.load(share);
  for (let round = 0; round < options.rounds; round++) {
    for (const target of targets) {
      const run = runs.get(target.figure)!;
      const [serverBefore, postgresBefore] = [await cpuMsOf(serverPid), await postgresCpuMs()];
      run.results.push(await target.load(share));
      run.serverMs += (await cpuMsOf(serverPid)) - serverBefore;
      run.postgresMs += (await postgresCpuMs()) - postgresBefore;
    }
  }
  const figures = new Map<string, Figure>();
  for (const [figure, run] of runs) {
    const middle = percentile(
      run.results.map((result) => result.requests.average),
      0.5,
    );
    const result = run.results.find((each) => each.requests.average === middle)!;
    const requests = run.results.reduce((sum, each) => sum + each.requests.total, 0);
    figures.set(figure, {
      ...throughputFigure(figure, 'postgres', result),
      rounds: options.rounds,
      rounds_rps: run.results.map((each) => rounded(each.requests.average)).join(' '),
      server_cpu_us_per_request: rounded((run.serverMs * 1000) / Math.max(requests, 1)),
      postgres_cpu_us_per_request: rounded((run.postgresMs * 1000) / Math.max(requests, 1)),
    });
  }
  return figures;
}
