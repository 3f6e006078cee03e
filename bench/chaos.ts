import os from 'node:os';
import path from 'node:path';
import { ChaosClient, Tally } from './lib/chaos/client.js';
import { CHAOS_PORTS, Deployment } from './lib/chaos/deploy.js';
import { verify } from './lib/chaos/verify.js';
import { emptyAcknowledged, prepare, recordLives } from './lib/chaos/workload.js';
import { type Figure, rounded } from './lib/figures.js';
import { Results } from './lib/results.js';

const SECONDS = Number(process.env.BENCH_CHAOS_SECONDS ?? 180);
const CLIENTS = Number(process.env.BENCH_CHAOS_CLIENTS ?? 6);
const RECORDS_BEFORE = Number(process.env.BENCH_CHAOS_RECORDS ?? 100);

interface ChaosEvent {
  at_s: number;
  event: string;
  took_ms?: number;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * What happens to the deployment while the clients work: at a fifth of the run the second copy is
 * killed with SIGKILL and started again 3 s later, at two fifths the replica is restarted, at three
 * and four fifths the third copy, then the first, are killed and started again.
 */
async function disturb(
  deployment: Deployment,
  startedAt: number,
  signal: AbortSignal,
): Promise<ChaosEvent[]> {
  const events: ChaosEvent[] = [];
  const at = () => rounded((performance.now() - startedAt) / 1000);
  const until = async (fraction: number) => {
    const wait = startedAt + SECONDS * 1000 * fraction - performance.now();
    if (wait > 0) await sleep(wait, signal);
  };
  const killAndStart = async (port: number) => {
    await deployment.killCopy(port);
    events.push({ at_s: at(), event: `kill -9 copy :${port}` });
    await sleep(3_000, signal);
    const took = await deployment.startCopy(port);
    events.push({ at_s: at(), event: `copy :${port} started again`, took_ms: Math.round(took) });
  };
  const [first = 0, second = 0, third = 0] = CHAOS_PORTS.servers;
  await until(0.2);
  if (!signal.aborted) await killAndStart(second);
  await until(0.4);
  if (!signal.aborted) {
    events.push({ at_s: at(), event: 'replica restart' });
    const took = await deployment.restartReplica();
    events.push({ at_s: at(), event: 'replica back', took_ms: Math.round(took) });
  }
  await until(0.6);
  if (!signal.aborted) await killAndStart(third);
  await until(0.8);
  if (!signal.aborted) await killAndStart(first);
  return events;
}

/**
 * `npm run bench -- --chaos` (issue 43): the deployment recipe under a mixed load of registrations,
 * result entries, validations and list reads through nginx for BENCH_CHAOS_SECONDS, while server
 * copies are killed with SIGKILL and started again and the replica is restarted; then every write
 * the clients saw acknowledged is looked for in the primary, and duplicates are counted.
 */
export async function runChaos(signal: AbortSignal): Promise<void> {
  const runStarted = new Date();
  const control = process.env.BENCH_CHAOS_WITHOUT_KEYS === '1';
  const results = new Results(control ? 'chaos-control-latest.json' : 'chaos-latest.json');
  process.stderr.write('chaos: starting the deployment (deploy/start.sh)…\n');
  const deployment = await Deployment.start();
  try {
    const { catalogue, staff } = await prepare(deployment.baseUrl, RECORDS_BEFORE);
    const tally = new Tally();
    const acknowledged = emptyAcknowledged();
    process.stderr.write(`chaos: ${CLIENTS} clients for ${SECONDS} s through ${deployment.baseUrl}\n`);
    const startedAt = performance.now();
    const over = () => signal.aborted || performance.now() - startedAt > SECONDS * 1000;
    // A failed step (a copy that does not start again) is reported with the figures, not thrown mid-load.
    const disturbing = disturb(deployment, startedAt, signal).catch((error: unknown): ChaosEvent[] => [
      { at_s: rounded((performance.now() - startedAt) / 1000), event: `failed: ${String(error)}` },
    ]);
    await Promise.all(
      Array.from({ length: CLIENTS }, (_, n) =>
        recordLives(
          new ChaosClient(deployment.baseUrl, tally),
          staff,
          catalogue,
          acknowledged,
          `c${n}`,
          over,
        ),
      ),
    );
    const elapsed = (performance.now() - startedAt) / 1000;
    const events = await disturbing;
    const served = tally.requests - tally.networkErrors - tally.answersCut;
    signal.throwIfAborted();
    const verified = await verify(deployment.primaryUrl, acknowledged);
    const common = {
      database: 'postgres' as const,
      seconds: rounded(elapsed),
      clients: CLIENTS,
      ...(control ? { control: 'writes resent without their key' } : {}),
    };
    const figures: Figure[] = [
      {
        figure: 'chaos_requests_served',
        ...common,
        value: served,
        unit: 'requests',
        per_second: rounded(served / elapsed),
        answers: JSON.stringify(Object.fromEntries(tally.answers)),
        refused: JSON.stringify(Object.fromEntries(tally.refused)),
      },
      {
        figure: 'chaos_5xx_seen',
        ...common,
        value: tally.fiveXxSeen,
        unit: 'answers',
        network_errors: tally.networkErrors,
        answers_cut_by_client: tally.answersCut,
        resends: tally.resends,
        replayed: tally.replayed,
        failed_after_resends: tally.failedAfterResends,
      },
      {
        figure: 'chaos_acknowledged_writes',
        ...common,
        value: verified.acknowledged,
        unit: 'writes',
        found: verified.found,
        lost: JSON.stringify(verified.lost),
        registrations: acknowledged.registrations.length,
        results: acknowledged.results.length,
        receptions: acknowledged.receptions.length,
        completions: acknowledged.completions.length,
        validations: acknowledged.validations.length,
        unacknowledged_but_made: verified.unacknowledgedButMade,
        meets: verified.found === verified.acknowledged,
      },
      {
        figure: 'chaos_duplicates',
        ...common,
        value: Object.values(verified.duplicates).reduce((sum, n) => sum + n, 0),
        unit: 'writes',
        detail: JSON.stringify(verified.duplicates),
        meets: Object.values(verified.duplicates).every((n) => n === 0),
      },
      {
        figure: 'chaos_events',
        ...common,
        value: events.length,
        unit: 'events',
        events: JSON.stringify(events),
        load_average: os
          .loadavg()
          .map((load) => rounded(load, 2))
          .join(' '),
      },
    ];
    for (const figure of figures) results.record(figure);
    const file = await results.write(runStarted);
    process.stderr.write(`figures written to ${path.relative(process.cwd(), file)}\n`);
  } finally {
    await deployment.stop();
  }
}
