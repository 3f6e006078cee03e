import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiTable } from '@sil/contract';
import { authHeaders, type Session } from './http.js';

const AGENT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/agent');
/** The analyser's panel: ten tests, each mapped to a parameter of its own. */
export const TESTS = Array.from({ length: 10 }, (_, i) => `T${i}`);

/** One call of the route table by its name (`addPatient`), its answer or an error with its body. */
export async function call(
  baseUrl: string,
  session: Session | null,
  name: string,
  input: { body?: unknown; query?: Record<string, string> } = {},
): Promise<Record<string, unknown>> {
  const route = apiTable[name];
  if (!route) throw new Error(`no call named ${name}`);
  const query = input.query ? `?${new URLSearchParams(input.query).toString()}` : '';
  const response = await fetch(`${baseUrl}${route.path}${query}`, {
    method: route.method,
    headers: {
      ...(session ? authHeaders(session) : {}),
      ...(input.body ? { 'content-type': 'application/json' } : {}),
    },
    body: input.body ? JSON.stringify(input.body) : undefined,
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200)
    throw new Error(`${route.path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

export interface AnalyserLab {
  analysers: Array<{ machineId: string; port: number }>;
  parameterIds: string[];
  credential: string;
  /** Registers a new patient with the panel: its sample's id and number (the tube's barcode). */
  newSample(): Promise<{ id: string; number: string }>;
}

/**
 * The demo laboratory gains `count` ASTM analysers served by one enrolled agent (each listening on
 * a loopback port of its own), a ten-parameter panel run on them and their codes mapped.
 */
export async function seedAnalyserLab(
  baseUrl: string,
  session: Session,
  count: number,
): Promise<AnalyserLab> {
  const matrix = (await call(baseUrl, session, 'addMatrix', { body: { matrix_name: 'Sérum (analyseur)' } }))
    .matrix_id;
  const tube = (
    await call(baseUrl, session, 'addSampletype', { body: { sample_type_name: 'Sec (analyseur)' } })
  ).sample_type_id;
  const enrolment = await call(baseUrl, session, 'addAgent', { body: { agent_name: 'Paillasse (bench)' } });
  // Several analysers on the agent, as a laboratory's chemistry and immunology benches have.
  const analysers: Array<{ machineId: string; port: number }> = [];
  for (let i = 0; i < count; i++) {
    const port = await freePort();
    const created = await call(baseUrl, session, 'addMachine', {
      body: {
        machine_name: `Chimie ${i + 1} (bench)`,
        machine_code: `BENCH${i + 1}`,
        machine_protocol: 'astm',
        machine_transport: 'tcp_server',
        machine_host: '127.0.0.1',
        machine_port: port,
        machine_agent: enrolment.agent_id,
      },
    });
    analysers.push({ machineId: String(created.machine_id), port });
  }
  const parameterIds: string[] = [];
  for (const test of TESTS) {
    const created = await call(baseUrl, session, 'addParameter', {
      body: {
        parameter_name: `Analyseur ${test} (bench)`,
        parameter_unit: 'mmol/L',
        parameter_decimals: 2,
        parameter_ranges: [{ population: 'default', min: 1, max: 9 }],
      },
    });
    parameterIds.push(String(created.parameter_id));
  }
  const analysis = (
    await call(baseUrl, session, 'addAnalysis', {
      body: {
        analysis_name: 'Panel analyseur (bench)',
        analysis_sample_type: tube,
        analysis_matrix: matrix,
        analysis_parameters: parameterIds,
        analysis_machines: analysers.map((analyser) => analyser.machineId),
      },
    })
  ).analysis_id;
  for (const { machineId } of analysers)
    await call(baseUrl, session, 'updateAnalyserMappings', {
      body: {
        machine_id: machineId,
        mappings: TESTS.map((test_code, i) => ({ test_code, parameter_id: parameterIds[i] })),
      },
    });
  const enrolled = await call(baseUrl, null, 'enrolAgent', {
    body: { enrolment_code: enrolment.enrolment_code, agent_host: 'bench' },
  });
  let sequence = 0;
  const newSample = async () => {
    const created = await call(baseUrl, session, 'addPatient', {
      body: {
        patient_surname: `ANALYSEUR${sequence++}`,
        patient_name: 'Banc',
        patient_gender: 'F',
        patient_dob: '1970-01-01',
        record_selected_analyses: [{ combination: 1, analysis_ids: [analysis] }],
      },
    });
    const [sample] = created.samples as Array<{ sample_id: string; sample_number: string }>;
    if (!sample) throw new Error('add-patient answered no sample');
    return { id: sample.sample_id, number: sample.sample_number };
  };
  return { analysers, parameterIds, credential: String(enrolled.credential), newSample };
}

/** One sample's run as the analyser sends it: ten results, then the message's end (L). */
export function panelRun(specimen: string, index: number): string[] {
  const at = `20261128${String(Math.floor(index / 3600) % 24).padStart(2, '0')}${String(Math.floor(index / 60) % 60).padStart(2, '0')}${String(index % 60).padStart(2, '0')}`;
  return [
    `H|\\^&|||SIMULATOR^1.0|||||||P|LIS2-A2|${at}`,
    'P|1||PAT-1',
    `O|1|${specimen}||${TESTS.map((test) => `^^^${test}`).join('\\')}|R||${at}||||N||||||||||||||F`,
    ...TESTS.map(
      (test, i) => `R|${i + 1}|^^^${test}|${i + 1}.${index % 100}|mmol/L|1 to 9|N||F||||${at}|SIM`,
    ),
    'L|1|N',
  ];
}

/**
 * The workstation agent as `npm run agent` starts it (from its sources, with tsx), relaying to the
 * server with its credential: it fetches the analyser's configuration and listens on its port.
 */
export function startAgent(baseUrl: string, credential: string, folder: string, port: number) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: AGENT_DIR,
    env: {
      ...process.env,
      AGENT_PORT: String(port),
      AGENT_SERVER_URL: baseUrl,
      AGENT_CREDENTIAL: credential,
      AGENT_JOURNAL_DIR: path.join(folder, 'journal'),
      AGENT_SCAN_DIR: folder,
      AGENT_OUTPUT_DIR: folder,
      AGENT_CREDENTIAL_FILE: path.join(folder, 'credential'),
    },
    // Its log is not read: an unread pipe would stall it.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
