import { connect, createServer, type Socket } from 'node:net';
import { AstmInstrument } from '@sil/agent/analysers-testing';
import { routes } from '@sil/contract/routes';
import type { FastifyInstance } from 'fastify';
import { apiClient } from './client.js';
import { type Staff, seedCatalogue } from './factories.js';

/** A loopback port nobody listens on now (an analyser's listener is configured with its port). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

/**
 * A laboratory whose analyser (ASTM, the agent listening on `port`) runs a panel of ten tests, T0…T9,
 * each mapped to a parameter of its own, and `samples` registered samples of that panel: a run of
 * one sample is ten results on ten distinct parameters, stored at most once each.
 */
export async function panelAnalyserLaboratory(
  app: FastifyInstance,
  staff: Staff,
  options: { port: number; samples: number },
) {
  const admin = apiClient(app, staff.admin);
  const catalogue = await seedCatalogue(app, staff.admin);
  const enrolment = await admin.addAgent({ agent_name: 'Paillasse chimie' });
  const machine = String(
    (
      await admin.reference('machines').add({
        machine_name: 'Chimie 10 tests',
        machine_code: 'CHIM10',
        machine_protocol: 'astm',
        machine_transport: 'tcp_server',
        machine_host: '127.0.0.1',
        machine_port: options.port,
        machine_agent: enrolment.agent_id,
      })
    ).machine_id,
  );
  const tests = Array.from({ length: 10 }, (_, i) => `T${i}`);
  const parameters: string[] = [];
  for (const test of tests)
    parameters.push(
      String(
        (
          await admin.reference('parameters').add({
            parameter_name: `Test ${test}`,
            parameter_unit: 'mmol/L',
            parameter_decimals: 2,
            parameter_ranges: [{ population: 'default', min: 1, max: 9 }],
          })
        ).parameter_id,
      ),
    );
  const panel = String(
    (
      await admin.reference('analyses').add({
        analysis_name: 'Panel dix tests',
        analysis_sample_type: catalogue.serum,
        analysis_matrix: catalogue.blood,
        analysis_parameters: parameters,
        analysis_machines: [machine],
      })
    ).analysis_id,
  );
  await admin.updateAnalyserMappings({
    machine_id: machine,
    mappings: tests.map((test_code, i) => ({ test_code, parameter_id: parameters[i] as string })),
  });
  const enrolled = await app.inject({
    method: 'POST',
    url: routes.enrolAgent.path,
    payload: { enrolment_code: enrolment.enrolment_code, agent_host: 'paillasse-chimie' },
  });
  if (enrolled.statusCode !== 200) throw new Error(enrolled.body);
  const secretary = apiClient(app, staff.secretary);
  const samples: Array<{ id: string; number: string }> = [];
  for (let i = 0; i < options.samples; i++) {
    const created = await secretary.addPatient({
      patient_surname: `Panel${String(i).padStart(4, '0')}`,
      patient_name: 'Hélène',
      patient_gender: 'F',
      patient_dob: '1960-06-01',
      record_selected_analyses: [{ combination: 1, analysis_ids: [panel] }],
    });
    const sample = created.samples[0];
    if (!sample) throw new Error('no sample');
    samples.push({ id: sample.sample_id, number: sample.sample_number });
  }
  return {
    credential: enrolled.json<{ credential: string }>().credential,
    machine,
    parameters,
    tests,
    samples,
  };
}

/** One sample's run as the analyser sends it: ten results, its own time in the header. */
export function panelRun(specimen: string, tests: string[], index: number): string[] {
  const minutes = String(Math.floor(index / 60) % 60).padStart(2, '0');
  const at = `2026112808${minutes}${String(index % 60).padStart(2, '0')}`;
  return [
    `H|\\^&|||SIMULATOR^1.0|||||||P|LIS2-A2|${at}`,
    'P|1||PAT-1',
    `O|1|${specimen}||${tests.map((test) => `^^^${test}`).join('\\')}|R||${at}||||N||||||||||||||F`,
    ...tests.map(
      (test, i) =>
        `R|${i + 1}|^^^${test}|${i + 1}.${String(index % 100).padStart(2, '0')}|mmol/L|1 to 9|N||F||||${at}|SIM`,
    ),
    'L|1|N',
  ];
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The analyser: sends each run in turn over TCP and, as an instrument does, sends a run again
 * whenever its transmission did not end acknowledged (the agent gone, the line cut), reconnecting
 * until the agent listens again. `sent(i)` is called once run i was acknowledged; `gapMs` paces the
 * runs as a busy analyser would.
 */
export async function sendRuns(
  port: number,
  runs: string[][],
  options: { sent?(index: number): void; replyTimeoutMs?: number; gapMs?: number } = {},
): Promise<{ repeats: number }> {
  let line: { socket: Socket; instrument: AstmInstrument } | undefined;
  let repeats = 0;
  const open = () =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port }, () => resolve(socket));
      socket.once('error', reject);
    });
  for (const [index, run] of runs.entries()) {
    for (;;) {
      if (!line) {
        const socket = await open().catch(() => undefined);
        if (!socket) {
          await pause(50);
          continue;
        }
        socket.on('error', () => undefined);
        line = {
          socket,
          instrument: new AstmInstrument(socket, { replyTimeoutMs: options.replyTimeoutMs ?? 5000 }),
        };
      }
      const report = await line.instrument.send(run).catch(() => ({ completed: false }));
      if (report.completed) {
        options.sent?.(index);
        if (options.gapMs) await pause(options.gapMs);
        break;
      }
      repeats += 1;
      line.socket.destroy();
      line = undefined;
      await pause(50);
    }
  }
  line?.socket.destroy();
  return { repeats };
}
