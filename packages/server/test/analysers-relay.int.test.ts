import { mkdtemp, rm } from 'node:fs/promises';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ASTM_QUERY,
  AstmInstrument,
  FAST,
  Hl7Analyser,
  openPtyPair,
  openSerialDevice,
  oulR22,
  qbpQ11,
  type Relay,
  startRelay,
} from '@sil/agent/analysers-testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyserLaboratory } from './analysers-setup.js';
import { type ApiClient, apiClient } from './client.js';
import { type Staff, signInStaff } from './factories.js';
import { DATABASES, startTestApp, stopTestApp, type TestContext } from './helpers.js';

/** A loopback port nobody listens on now (the agent's listeners are configured with a port). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

const until = async (check: () => Promise<boolean> | boolean, ms = 15_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/**
 * The link's timers short (a contention, a busy analyser settle at once) but the reply and frame
 * timeouts long enough for a loaded machine, where the simulator, the relay and the server share
 * one process: no test here waits for a timeout.
 */
const TIMINGS = { ...FAST, senderTimeoutMs: 5000, receiverTimeoutMs: 5000 };

/** An ASTM run of one specimen: more frames than eight and a comment split over ETB frames. */
const astmRun = (specimen: string, lines: Array<[string, string, string]>, actionCode = 'N') => [
  'H|\\^&|||SIMULATOR^1.0|||||||P|LIS2-A2|20261128093000',
  'P|1||PAT-1',
  `O|1|${specimen}||^^^GLU\\^^^CREA|R||20261128080000||||${actionCode}||||||||||||||F`,
  ...lines.map(
    ([code, value, unit], i) =>
      `R|${i + 1}|^^^${code}|${value}|${unit}|0.7 to 1.1|N||F||TECH||20261128093000|SIMULATOR`,
  ),
  `C|1|I|${'Smear reviewed: '.padEnd(400, 'x')}|G`,
  'L|1|N',
];

/**
 * Analysers end to end (issue 41): the simulator as the analyser, the agent's relay as it starts
 * with the agent, the server as a real listening app; results read back through the API.
 */
describe.each(DATABASES)('analysers through the agent on %s', (kind) => {
  let ctx: TestContext;
  let staff: Staff;
  let bench: ApiClient;
  let lab: Awaited<ReturnType<typeof analyserLaboratory>>;
  let relay: Relay;
  let journalDir: string;
  let pty: Awaited<ReturnType<typeof openPtyPair>>;
  const ports = { astm: 0, hl7: 0 };
  const machines = { hl7: '', serial: '' };
  const sockets: Socket[] = [];

  const tcp = (port: number) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port }, () => resolve(socket));
      socket.once('error', reject);
      sockets.push(socket);
    });
  const storedValue = async (sampleId: string, parameterId: string) =>
    (await bench.getSampleResults({ sample_id: sampleId })).lines.find(
      (line) => line.parameter_id === parameterId,
    )?.result?.result_value ?? null;

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    staff = await signInStaff(ctx.app);
    bench = apiClient(ctx.app, staff.technician);
    ports.astm = await freePort();
    ports.hl7 = await freePort();
    lab = await analyserLaboratory(ctx.app, staff, {
      machine_protocol: 'astm',
      machine_transport: 'tcp_server',
      machine_host: '127.0.0.1',
      machine_port: ports.astm,
    });
    pty = await openPtyPair();
    const admin = apiClient(ctx.app, staff.admin);
    const addMachine = async (code: string, fields: Record<string, unknown>) => {
      const id = String(
        (
          await admin
            .reference('machines')
            .add({ machine_name: code, machine_code: code, machine_agent: lab.agentId, ...fields })
        ).machine_id,
      );
      await admin.updateAnalyserMappings({
        machine_id: id,
        mappings: [
          { test_code: 'GLU', parameter_id: lab.glucose },
          { test_code: 'CREA', parameter_id: lab.creatinine, unit_factor: 8.84 },
        ],
      });
      return id;
    };
    machines.hl7 = await addMachine(`HL7-${kind}`, {
      machine_protocol: 'hl7',
      machine_transport: 'tcp_server',
      machine_host: '127.0.0.1',
      machine_port: ports.hl7,
    });
    machines.serial = await addMachine(`SER-${kind}`, {
      machine_protocol: 'astm',
      machine_transport: 'serial',
      machine_serial_path: pty.a,
      machine_baud_rate: 9600,
      machine_data_bits: 8,
      machine_parity: 'none',
      machine_stop_bits: 1,
    });
    journalDir = await mkdtemp(join(tmpdir(), 'sil-relay-'));
    relay = await startRelay({
      serverUrl: address,
      credential: lab.credential,
      journalDir,
      pollWaitS: 1,
      stateEveryMs: 300,
      firstBackoffMs: 100,
      astmTimings: TIMINGS,
    });
    await until(() => relay.configuration()?.analysers.length === 3);
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await relay?.stop();
    pty?.close();
    // The relay's keep-alive connections (fetch) would hold the listening app's close.
    ctx?.app.server.closeAllConnections();
    await stopTestApp(ctx);
    if (journalDir) await rm(journalDir, { recursive: true, force: true });
  });

  it('shows an analyser the agent serves as TCP server as listening before it connects', async () => {
    const linkOf = async (machineId: string) =>
      (await bench.getAnalyserStates()).states.find((state) => state.machine_id === machineId);
    await until(async () => (await linkOf(lab.machine))?.reported_at != null);
    expect(await linkOf(lab.machine)).toMatchObject({ connected: false, listening: true });
    expect(await linkOf(machines.hl7)).toMatchObject({ connected: false, listening: true });
    // A serial line is open or not: there is nothing to listen for.
    expect(await linkOf(machines.serial)).toMatchObject({ listening: false });
  });

  it('stores an ASTM run sent over TCP, a bad checksum retransmitted, and queues what finds no place', async () => {
    const sample = await lab.newSample('Astm Tcp');
    const sim = new AstmInstrument(await tcp(ports.astm), { replyTimeoutMs: 2000 });
    const report = await sim.send(
      astmRun(sample.number, [
        ['GLU', '1.02', 'g/L'],
        ['CREA', '10', 'mg/L'],
        ['NA', '140', 'mmol/L'],
        ...Array.from({ length: 8 }, (_, i): [string, string, string] => [`X${i}`, '1', 'U']),
      ]),
      { badChecksumAt: [2] },
    );
    expect(report).toMatchObject({ completed: true, naks: 1 });
    await until(async () => (await storedValue(sample.id, lab.glucose)) === 1.02);
    expect(await storedValue(sample.id, lab.creatinine)).toBeCloseTo(88.4, 6);
    const items = await bench.getReconciliationItems({
      machine_id: lab.machine,
      state: 'open',
      page: 1,
      per_page: 50,
    });
    expect(
      items.data
        .filter((item) => item.reason === 'unmappedCode')
        .map((item) => item.result?.test_code)
        .sort(),
    ).toEqual(['NA', 'X0', 'X1', 'X2', 'X3', 'X4', 'X5', 'X6', 'X7']);
    await sim.send(astmRun('000000000', [['GLU', '0.9', 'g/L']]));
    await until(async () =>
      (
        await bench.getReconciliationItems({ machine_id: lab.machine, state: 'open', page: 1, per_page: 50 })
      ).data.some((item) => item.reason === 'unknownSpecimen'),
    );
    await until(() => relay.forwarder.pending === 0);
  });

  it('answers a host query with the sample’s tests as the analyser’s codes', async () => {
    const sample = await lab.newSample('Astm Query');
    const sim = new AstmInstrument(await tcp(ports.astm), { replyTimeoutMs: 2000 });
    await sim.send(ASTM_QUERY(sample.number));
    const answer = await sim.receive({ timeoutMs: 10_000 });
    expect(answer?.[2]).toMatch(new RegExp(`^O\\|1\\|${sample.number}\\|\\|`));
    expect(answer?.[2]).toContain('^^^GLU');
    expect(answer?.[2]).toContain('^^^CREA');
  });

  it('sends a control run to CIQ, not to a patient', async () => {
    const sim = new AstmInstrument(await tcp(ports.astm), { replyTimeoutMs: 2000 });
    await sim.send(astmRun('N1', [['GLU', '1.03', 'g/L']], 'Q'));
    await until(async () =>
      (await bench.getMachineCiq({ machine_id: lab.machine })).runs.some((run) =>
        run.values.some((value) => value.ciq_value === 1.03),
      ),
    );
  });

  it('stores an ASTM run over a serial line (a pseudo-terminal pair), a bad checksum retransmitted', async () => {
    const sample = await lab.newSample('Astm Serie');
    const line = openSerialDevice(pty.b);
    const sim = new AstmInstrument(line, { replyTimeoutMs: 2000 });
    const report = await sim.send(astmRun(sample.number, [['GLU', '0.88', 'g/L']]), { badChecksumAt: [1] });
    expect(report).toMatchObject({ completed: true, naks: 1 });
    await until(async () => (await storedValue(sample.id, lab.glucose)) === 0.88);
    line.destroy();
  });

  it('stores HL7 results sent over MLLP in pieces, and reports the links’ states', async () => {
    const sample = await lab.newSample('Hl7 Mllp');
    const sim = new Hl7Analyser(await tcp(ports.hl7), 5000);
    const ack = await sim.send(
      oulR22('C1', sample.number, [
        'OBX|1|NM|GLU^Glucose^99LAB||0.97|g/L|0.7-1.1|N|||F|||20261128093000',
        'OBX|2|NM|CREA^Creatinine^99LAB||9|mg/L|5-10|N|||F|||20261128093000',
      ]),
      { pieces: 4 },
    );
    // MSH-15 'AL': enhanced mode, the commit acknowledgement after the journal's fsync.
    expect(ack).toContain('MSA|CA|C1');
    await until(async () => (await storedValue(sample.id, lab.glucose)) === 0.97);
    expect(await storedValue(sample.id, lab.creatinine)).toBeCloseTo(79.56, 6);
    await until(async () =>
      (await bench.getAnalyserStates()).states.some(
        (state) => state.machine_id === machines.hl7 && state.connected,
      ),
    );
  });

  it('answers an HL7 work-order query (QBP^Q11) from the server: the tests left as the analyser’s codes, or NF', async () => {
    const sample = await lab.newSample('Hl7 Query');
    const sim = new Hl7Analyser(await tcp(ports.hl7), 12_000);
    const segments = (message: string | undefined) =>
      (message ?? '').split('\r').map((segment) => segment.split('|'));
    const codesOf = (message: string | undefined) =>
      segments(message)
        .filter((fields) => fields[0] === 'OBR')
        .map((fields) => fields[4]?.split('^')[0])
        .sort();
    const first = await sim.send(qbpQ11('Q1', sample.number));
    const rsp = segments(first);
    expect(rsp[0]?.[8]).toBe('RSP^K11^RSP_K11');
    expect(rsp.find((fields) => fields[0] === 'MSA')?.slice(1, 3)).toEqual(['AA', 'Q1']);
    expect(rsp.find((fields) => fields[0] === 'QAK')?.slice(1, 3)).toEqual(['T-Q1', 'OK']);
    expect(rsp.find((fields) => fields[0] === 'SPM')?.[2]).toBe(sample.number);
    expect(codesOf(first)).toEqual(['CREA', 'GLU']);
    // Glucose measured: only creatinine is left to run.
    expect(
      await sim.send(oulR22('Q2', sample.number, ['OBX|1|NM|GLU^Glucose^99LAB||1.01|g/L|||N|||F'])),
    ).toContain('MSA|CA|Q2');
    await until(async () => (await storedValue(sample.id, lab.glucose)) === 1.01);
    expect(codesOf(await sim.send(qbpQ11('Q3', sample.number)))).toEqual(['CREA']);
    // A tube the laboratory does not know: 'no order', nothing else.
    const unknown = segments(await sim.send(qbpQ11('Q4', '999999999')));
    expect(unknown.find((fields) => fields[0] === 'QAK')?.slice(1, 3)).toEqual(['T-Q4', 'NF']);
    expect(unknown.some((fields) => fields[0] === 'OBR' || fields[0] === 'SPM')).toBe(false);
    // The queries reach the analyser's message log as queries.
    await until(async () => {
      const log = await bench.getAnalyserMessages({
        machine_id: machines.hl7,
        outcome: 'query',
        page: 1,
        per_page: 50,
      });
      return log.data.filter((row) => row.raw_text.includes('QBP^Q11')).length === 3;
    });
  });

  it('opens an analyser moved to another port without restarting the agent', async () => {
    const moved = await freePort();
    const admin = apiClient(ctx.app, staff.admin);
    const [machine] = await admin.reference('machines').get(machines.hl7);
    await admin.reference('machines').update({ ...machine, machine_port: moved });
    await until(
      () =>
        relay.configuration()?.analysers.some((a) => 'port' in a.connection && a.connection.port === moved) ??
        false,
    );
    const sample = await lab.newSample('Hl7 Moved');
    const sim = new Hl7Analyser(await tcp(moved), 5000);
    expect(
      await sim.send(oulR22('C2', sample.number, ['OBX|1|NM|GLU^Glucose^99LAB||1.05|g/L|||N|||F'])),
    ).toContain('MSA|CA|C2');
    await until(async () => (await storedValue(sample.id, lab.glucose)) === 1.05);
  });
});
