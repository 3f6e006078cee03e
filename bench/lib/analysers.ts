import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { AstmInstrument } from '@sil/agent/analysers-testing';
import { type AnalyserLab, call, freePort, panelRun, seedAnalyserLab, startAgent } from './analysers-lab.js';
import { type DatabaseKind, type Figure, rounded } from './figures.js';
import type { Session } from './http.js';
import { percentile } from './scale/measure.js';

/** Issue 41's targets: 200 results a second sustained, a result readable 1 s after the EOT (p95). */
const TARGET_RESULTS_PER_S = 200;
const TARGET_P95_MS = 1000;
const RUNS = Number(process.env.BENCH_ANALYSER_RUNS ?? 300);
/** Analysers sending at once to the one agent; one ASTM line alone is bound by its stop-and-wait. */
const ANALYSERS = Number(process.env.BENCH_ANALYSERS ?? 4);
const LATENCY_RUNS = Number(process.env.BENCH_ANALYSER_LATENCY_RUNS ?? 50);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => Promise<boolean>, intervalMs: number, timeoutMs: number, what: string) {
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`${what}: not reached in ${timeoutMs} ms`);
    await pause(intervalMs);
  }
}

/** The analyser's TCP line to the agent, once the agent has its configuration and listens. */
async function analyserLine(port: number): Promise<AstmInstrument> {
  const deadline = performance.now() + 120_000;
  for (;;) {
    const socket = await new Promise<ReturnType<typeof connect> | undefined>((resolve) => {
      const opened = connect({ host: '127.0.0.1', port }, () => resolve(opened));
      opened.once('error', () => resolve(undefined));
    });
    if (socket) return new AstmInstrument(socket, { replyTimeoutMs: 15_000 });
    if (performance.now() > deadline) throw new Error(`the agent never listened on ${port}`);
    await pause(200);
  }
}

/**
 * The analyser's runs the server logged as stored (each run's ten results landed on its sample),
 * read through the API as a person would see the analyser's message log.
 */
async function storedRuns(baseUrl: string, session: Session, lab: AnalyserLab): Promise<number> {
  let stored = 0;
  for (const { machineId } of lab.analysers) {
    const page = await call(baseUrl, session, 'getAnalyserMessages', {
      query: { machine_id: machineId, outcome: 'stored', page: '1', per_page: '1' },
    });
    stored += Number(page.number_of_rows);
  }
  return stored;
}

const panelValues = (lab: AnalyserLab, index: number) =>
  lab.parameterIds.map((parameter_id, i) => ({
    parameter_id,
    result_value: Number(`${i + 1}.${index % 100}`),
  }));

/** Whether every parameter of the sample has its result, read as the results screen reads them. */
async function readable(baseUrl: string, session: Session, sampleId: string, expected: number) {
  const answer = await call(baseUrl, session, 'getSampleResults', { query: { sample_id: sampleId } });
  const lines = answer.lines as Array<{ result?: { result_value?: number | null } | null }>;
  return lines.filter((line) => line.result?.result_value != null).length === expected;
}

interface Measured {
  runs: number;
  ms: number;
  sendMs: number;
}

/**
 * The runs shared out among the analysers, each sending its share one run after the other as an
 * analyser does, all at once, until the server has stored them all.
 */
async function throughput(baseUrl: string, session: Session, lab: AnalyserLab, lines: AstmInstrument[]) {
  const samples: Array<{ id: string; number: string }> = [];
  for (let i = 0; i < RUNS; i++) samples.push(await lab.newSample());
  const before = await storedRuns(baseUrl, session, lab);
  const started = performance.now();
  await Promise.all(
    lines.map(async (line, first) => {
      for (let i = first; i < samples.length; i += lines.length) {
        const report = await line.send(panelRun(samples[i]?.number ?? '', i));
        if (!report.completed) throw new Error(`run ${i} not acknowledged by the agent`);
      }
    }),
  );
  const sendMs = performance.now() - started;
  // Polled four times a second: a busier poll would take the server's time from the ingest it measures.
  await until(
    async () => (await storedRuns(baseUrl, session, lab)) >= before + RUNS,
    250,
    600_000,
    `${RUNS} runs stored`,
  );
  return { runs: RUNS, ms: performance.now() - started, sendMs } satisfies Measured;
}

/**
 * The floor: the same results typed through the bench's own call, a sample per call, as many
 * callers at once as analysers, each one call after the other.
 */
async function directFloor(baseUrl: string, session: Session, lab: AnalyserLab, callers: number) {
  const samples: Array<{ id: string; number: string }> = [];
  for (let i = 0; i < RUNS; i++) samples.push(await lab.newSample());
  const started = performance.now();
  await Promise.all(
    Array.from({ length: callers }, async (_, first) => {
      for (let i = first; i < samples.length; i += callers)
        await call(baseUrl, session, 'updateSampleResults', {
          body: { sample_id: samples[i]?.id, results: panelValues(lab, i) },
        });
    }),
  );
  return performance.now() - started;
}

/** From the analyser's EOT to its sample's results all readable through the API, run by run. */
async function eotToApi(baseUrl: string, session: Session, lab: AnalyserLab, line: AstmInstrument) {
  const times: number[] = [];
  for (let i = 0; i < LATENCY_RUNS; i++) {
    const sample = await lab.newSample();
    const report = await line.send(panelRun(sample.number, i));
    if (!report.completed) throw new Error(`run ${i} not acknowledged by the agent`);
    // send() resolves once the EOT is written.
    const eot = performance.now();
    await until(() => readable(baseUrl, session, sample.id, lab.parameterIds.length), 5, 30_000, 'results');
    times.push(performance.now() - eot);
  }
  return times;
}

/** The floor: the same ten results written through the API and read back, run by run. */
async function typedToApi(baseUrl: string, session: Session, lab: AnalyserLab) {
  const times: number[] = [];
  for (let i = 0; i < LATENCY_RUNS; i++) {
    const sample = await lab.newSample();
    const started = performance.now();
    await call(baseUrl, session, 'updateSampleResults', {
      body: { sample_id: sample.id, results: panelValues(lab, i) },
    });
    await until(() => readable(baseUrl, session, sample.id, lab.parameterIds.length), 5, 30_000, 'results');
    times.push(performance.now() - started);
  }
  return times;
}

/**
 * Issue 41's speed figures on a running server: an ASTM analyser (the simulator) → the workstation
 * agent (its own process: journal, relay) → the server → stored results, beside floors measured in
 * the same run through the bench's direct update-sample-results call.
 */
export async function measureAnalysers(
  baseUrl: string,
  session: Session,
  database: DatabaseKind,
): Promise<Figure[]> {
  const lab = await seedAnalyserLab(baseUrl, session, ANALYSERS);
  const folder = await mkdtemp(path.join(os.tmpdir(), 'sil-bench-agent-'));
  const agent = startAgent(baseUrl, lab.credential, folder, await freePort());
  try {
    const lines = await Promise.all(lab.analysers.map((analyser) => analyserLine(analyser.port)));
    const [line] = lines;
    if (!line) throw new Error('no analyser');
    // One run first, not counted: the agent's first post and the server's plans are warm.
    const warm = await lab.newSample();
    await line.send(panelRun(warm.number, 0));
    await until(async () => (await storedRuns(baseUrl, session, lab)) >= 1, 50, 60_000, 'first run');

    const sent = await throughput(baseUrl, session, lab, lines);
    const floorMs = await directFloor(baseUrl, session, lab, lines.length);
    const results = sent.runs * lab.parameterIds.length;
    const perSecond = results / (sent.ms / 1000);
    const floorPerSecond = results / (floorMs / 1000);

    const analyser = await eotToApi(baseUrl, session, lab, line);
    const typed = await typedToApi(baseUrl, session, lab);
    const p95 = percentile(analyser, 0.95);
    const floorP95 = percentile(typed, 0.95);
    for (const opened of lines) opened.stream.destroy();
    return [
      {
        figure: 'analyser_results_per_s',
        database,
        value: rounded(perSecond),
        unit: 'results/s',
        results,
        runs: sent.runs,
        analysers: lines.length,
        seconds: rounded(sent.ms / 1000, 2),
        analyser_send_seconds: rounded(sent.sendMs / 1000, 2),
        floor_results_per_s: rounded(floorPerSecond),
        ratio: rounded(perSecond / floorPerSecond, 2),
        target: TARGET_RESULTS_PER_S,
        meets: perSecond >= TARGET_RESULTS_PER_S,
      },
      {
        figure: 'analyser_eot_to_api_ms',
        database,
        value: rounded(p95),
        unit: 'ms',
        p50_ms: rounded(percentile(analyser, 0.5)),
        p95_ms: rounded(p95),
        runs: analyser.length,
        floor_p50_ms: rounded(percentile(typed, 0.5)),
        floor_p95_ms: rounded(floorP95),
        ratio_p95: rounded(p95 / floorP95, 2),
        target_p95_ms: TARGET_P95_MS,
        meets: p95 <= TARGET_P95_MS,
      },
    ];
  } finally {
    await agent.stop();
    await rm(folder, { recursive: true, force: true });
  }
}
