import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AnalyserMessageRow } from '@sil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, panelAnalyserLaboratory, panelRun, sendRuns } from './analysers-bulk.js';
import { type ChildAgent, startChildAgent, stopChildAgent } from './child-agent.js';
import { type ChildServer, startChildServer, stopChildServer } from './child-server.js';
import { type ApiClient, apiClient } from './client.js';
import { signInStaff } from './factories.js';
import { createPostgresDatabase, DATABASES } from './helpers.js';
import { remoteApp } from './remote-app.js';

const RUNS = 100;

const until = async (check: () => Promise<boolean> | boolean, ms: number) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/**
 * Store and forward through faults (issue 41): the server and the agent each in a process of its
 * own, killed for real; the simulator as the analyser over TCP, sending 100 runs of ten results and
 * repeating a run whose transmission was not acknowledged, as an instrument does. Whatever dies, the
 * laboratory ends with exactly the 1,000 results sent, each message stored once.
 */
describe.each(DATABASES)('analyser results through a killed server and a killed agent on %s', (kind) => {
  let server: ChildServer | undefined;
  let agent: ChildAgent | undefined;
  let serverEnv: Record<string, string>;
  let agentEnv: Record<string, string>;
  let technician: ApiClient;
  let lab: Awaited<ReturnType<typeof panelAnalyserLaboratory>>;
  let analyserPort: number;
  const cleanups: Array<() => Promise<void>> = [];

  /** A fresh session after each server start: the first one's may have died with it. */
  const signIn = async () => {
    if (!server) throw new Error('no server');
    const app = remoteApp(server.url);
    const staff = await signInStaff(app);
    technician = apiClient(app, staff.technician);
    return { app, staff };
  };

  const messagesLog = async () => {
    const rows: AnalyserMessageRow[] = [];
    for (let page = 1; ; page++) {
      const answer = await technician.getAnalyserMessages({ machine_id: lab.machine, page, per_page: 200 });
      rows.push(...answer.data);
      if (page >= answer.number_of_pages) return rows;
    }
  };

  /** Every run of `samples` stored once: its ten values on its sample, one log row per message. */
  const expectStoredOnce = async (samples: Array<{ id: string; number: string }>, first: number) => {
    const numbers = new Set(samples.map((sample) => sample.number));
    const ours = (await messagesLog()).filter((row) =>
      row.parsed.kind === 'results' ? numbers.has(row.parsed.results[0]?.specimen_id ?? '') : false,
    );
    expect(ours).toHaveLength(samples.length);
    expect(new Set(ours.map((row) => row.raw_text)).size).toBe(samples.length);
    expect(ours.every((row) => row.outcome === 'stored')).toBe(true);
    expect(ours.reduce((sum, row) => sum + row.results_stored, 0)).toBe(samples.length * 10);
    let stored = 0;
    for (const [i, sample] of samples.entries()) {
      const lines = (await technician.getSampleResults({ sample_id: sample.id })).lines;
      for (const [t, parameter] of lab.parameters.entries()) {
        const value = lines.find((line) => line.parameter_id === parameter)?.result?.result_value;
        expect(value, `${sample.number} T${t}`).toBe(
          Number(`${t + 1}.${String((first + i) % 100).padStart(2, '0')}`),
        );
        stored += 1;
      }
    }
    expect(stored).toBe(samples.length * 10);
  };

  const storedMessages = async () =>
    (await technician.getAnalyserMessages({ machine_id: lab.machine, page: 1, per_page: 1 })).number_of_rows;

  beforeAll(async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'faults41-server-'));
    const journalDir = await mkdtemp(path.join(os.tmpdir(), 'faults41-journal-'));
    const agentDir = await mkdtemp(path.join(os.tmpdir(), 'faults41-agent-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    cleanups.push(() => rm(journalDir, { recursive: true, force: true }));
    cleanups.push(() => rm(agentDir, { recursive: true, force: true }));
    // A fixed port: the agent reaches the restarted server where it found the first one.
    serverEnv = { SEED_DEMO_CATALOGUE: 'false', DATA_DIR: dataDir, PORT: String(await freePort()) };
    if (kind === 'postgres') {
      const database = await createPostgresDatabase();
      cleanups.push(database.drop);
      serverEnv.DATABASE_URL = database.url;
    }
    server = await startChildServer(serverEnv);
    const { app, staff } = await signIn();
    analyserPort = await freePort();
    lab = await panelAnalyserLaboratory(app, staff, { port: analyserPort, samples: 2 * RUNS });
    agentEnv = {
      AGENT_PORT: String(await freePort()),
      AGENT_SERVER_URL: server.url,
      AGENT_CREDENTIAL: lab.credential,
      AGENT_JOURNAL_DIR: journalDir,
      AGENT_SCAN_DIR: agentDir,
      AGENT_OUTPUT_DIR: agentDir,
      AGENT_CREDENTIAL_FILE: path.join(agentDir, 'credential'),
    };
    agent = startChildAgent(agentEnv);
  }, 240_000);

  afterAll(async () => {
    await stopChildAgent(agent, 'SIGKILL');
    await stopChildServer(server, 'SIGKILL');
    for (const cleanup of cleanups) await cleanup();
  });

  it('stores 1,000 results exactly once when the server is killed mid-stream and started again', async () => {
    const samples = lab.samples.slice(0, RUNS);
    let sent = 0;
    const sending = sendRuns(
      analyserPort,
      samples.map((sample, i) => panelRun(sample.number, lab.tests, i)),
      { sent: () => (sent += 1), gapMs: 40 },
    );
    // Killed once it has stored some and the analyser is still sending.
    await until(async () => (await storedMessages()) >= 10, 60_000);
    await stopChildServer(server, 'SIGKILL');
    const sentWhenKilled = sent;
    expect(sentWhenKilled).toBeLessThan(RUNS);
    // The agent keeps acknowledging the analyser from its journal while the server is away.
    await until(() => sent >= Math.min(RUNS, sentWhenKilled + 20), 60_000);
    expect(sent).toBeGreaterThan(sentWhenKilled);
    server = await startChildServer(serverEnv);
    await signIn();
    await sending;
    await until(async () => (await storedMessages()) >= RUNS, 90_000);
    await expectStoredOnce(samples, 0);
  }, 300_000);

  it('stores 1,000 results exactly once when the agent is killed with SIGKILL mid-stream and restarted', async () => {
    const samples = lab.samples.slice(RUNS);
    const kills: number[] = [];
    const restarted: Array<Promise<void>> = [];
    const outcome = await sendRuns(
      analyserPort,
      samples.map((sample, i) => panelRun(sample.number, lab.tests, RUNS + i)),
      {
        // Right after a run's acknowledgement, while the next one goes out: twice.
        sent: (index) => {
          if (index !== 30 && index !== 70) return;
          const killed = agent;
          kills.push(index);
          restarted.push(
            stopChildAgent(killed, 'SIGKILL').then(() => {
              agent = startChildAgent(agentEnv);
            }),
          );
        },
      },
    );
    await Promise.all(restarted);
    expect(kills).toEqual([30, 70]);
    // The analyser had to send again what the dead agent never acknowledged.
    expect(outcome.repeats).toBeGreaterThan(0);
    await until(async () => (await storedMessages()) >= 2 * RUNS, 90_000);
    await expectStoredOnce(samples, RUNS);
  }, 300_000);
});
