import { mkdtemp, rm } from 'node:fs/promises';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AstmInstrument,
  FAST,
  Hl7Analyser,
  mllpFrameOf,
  type Relay,
  startRelay,
} from '@sil/agent/analysers-testing';
import type { AnalyserDownloads, AnalyserMessageRow } from '@sil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentCall, analyserLaboratory } from './analysers-setup.js';
import { type ApiClient, apiClient } from './client.js';
import { type Staff, signInStaff, staffRecord } from './factories.js';
import { DATABASES, startTestApp, stopTestApp, type TestContext } from './helpers.js';

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

const fieldsOf = (record: string | undefined) => (record ?? '').replace(/\r$/, '').split('|');
/** The test codes of an ASTM O record's universal test ids (`^^^GLU\^^^CREA`). */
const astmCodes = (order: string | undefined) =>
  (fieldsOf(order)[4] ?? '')
    .split('\\')
    .map((id) => id.split('^')[3])
    .sort();
const hl7Segments = (message: string | undefined) =>
  (message ?? '').split('\r').map((segment) => segment.split('|'));
const hl7Codes = (message: string | undefined) =>
  hl7Segments(message)
    .filter((fields) => fields[0] === 'OBR')
    .map((fields) => fields[4]?.split('^')[0])
    .sort();

/**
 * Download mode (issue 41): orders sent unasked to the analysers configured for it, when a sample is
 * registered or given more analyses; kept by the server until the agent sent them, through the real
 * relay to the simulator over real sockets, ASTM (H, P, O, L) and HL7 (OML^O33).
 */
describe.each(DATABASES)('orders downloaded to the analysers on %s', (kind) => {
  let ctx: TestContext;
  let staff: Staff;
  let bench: ApiClient;
  let address: string;
  let lab: Awaited<ReturnType<typeof analyserLaboratory>>;
  let relay: Relay | undefined;
  let journalDir: string;
  let urea: string;
  let ureaAnalysis: string;
  let astm: AstmInstrument;
  let hl7: Hl7Analyser;
  const ports = { astm: 0, hl7: 0, unmapped: 0 };
  const machines = { hl7: '', unmapped: '' };
  const sockets: Socket[] = [];

  const tcp = (port: number) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port }, () => resolve(socket));
      socket.once('error', reject);
      sockets.push(socket);
    });
  const pending = async () => {
    const answer = await agentCall(ctx.app, lab.credential, 'getAnalyserDownloads', {
      query: { wait_s: '0' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<AnalyserDownloads>().orders;
  };
  const logOf = async (machineId: string, outcome: 'sent' | 'refused') =>
    (await bench.getAnalyserMessages({ machine_id: machineId, outcome, page: 1, per_page: 200 })).data;
  const ordersFor = (rows: AnalyserMessageRow[], specimen: string) =>
    rows.filter((row) => row.parsed.kind === 'order' && row.parsed.specimen_ids.includes(specimen));

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    staff = await signInStaff(ctx.app);
    bench = apiClient(ctx.app, staff.technician);
    ports.astm = await freePort();
    ports.hl7 = await freePort();
    ports.unmapped = await freePort();
    lab = await analyserLaboratory(ctx.app, staff, {
      machine_protocol: 'astm',
      machine_transport: 'tcp_server',
      machine_host: '127.0.0.1',
      machine_port: ports.astm,
      machine_download: true,
    });
    const admin = apiClient(ctx.app, staff.admin);
    const [chemistry] = await admin.reference('analyses').get(lab.chemistry);
    urea = String(
      (
        await admin.reference('parameters').add({
          parameter_name: 'Urée',
          parameter_unit: 'g/L',
          parameter_decimals: 2,
          parameter_ranges: [{ population: 'default', min: 0.15, max: 0.45 }],
        })
      ).parameter_id,
    );
    ureaAnalysis = String(
      (
        await admin.reference('analyses').add({
          analysis_name: 'Urée sanguine',
          analysis_sample_type: String(chemistry?.analysis_sample_type),
          analysis_matrix: String(chemistry?.analysis_matrix),
          analysis_parameters: [urea],
        })
      ).analysis_id,
    );
    const mappings = [
      { test_code: 'GLU', parameter_id: lab.glucose },
      { test_code: 'CREA', parameter_id: lab.creatinine, unit_factor: 8.84 },
      { test_code: 'UREA', parameter_id: urea },
    ];
    await admin.updateAnalyserMappings({ machine_id: lab.machine, mappings });
    const addMachine = async (code: string, fields: Record<string, unknown>) =>
      String(
        (
          await admin.reference('machines').add({
            machine_name: code,
            machine_code: code,
            machine_agent: lab.agentId,
            machine_transport: 'tcp_server',
            machine_host: '127.0.0.1',
            machine_download: true,
            ...fields,
          })
        ).machine_id,
      );
    machines.hl7 = await addMachine(`HL7-${kind}`, { machine_protocol: 'hl7', machine_port: ports.hl7 });
    await admin.updateAnalyserMappings({ machine_id: machines.hl7, mappings });
    // In download mode, but no code of the laboratory's tests: it is sent nothing.
    machines.unmapped = await addMachine(`NOMAP-${kind}`, {
      machine_protocol: 'astm',
      machine_port: ports.unmapped,
    });
    journalDir = await mkdtemp(join(tmpdir(), 'sil-downloads-'));
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await relay?.stop();
    ctx?.app.server.closeAllConnections();
    await stopTestApp(ctx);
    if (journalDir) await rm(journalDir, { recursive: true, force: true });
  });

  it('keeps the orders of a sample registered while the agent is away, and sends each analyser its own once it is back', async () => {
    const sample = await lab.newSample('Telechargement Absent');
    const waiting = await pending();
    expect(waiting.map((order) => order.machine_id).sort()).toEqual([lab.machine, machines.hl7].sort());
    for (const order of waiting) {
      expect(order).toMatchObject({ specimen_id: sample.number, priority: 'R' });
      expect(order.tests.map((test) => test.test_code).sort()).toEqual(['CREA', 'GLU']);
    }

    relay = await startRelay({
      serverUrl: address,
      credential: lab.credential,
      journalDir,
      pollWaitS: 1,
      stateEveryMs: 300,
      firstBackoffMs: 100,
      downloadRetryMs: 200,
      astmTimings: TIMINGS,
    });
    await until(() => relay?.configuration()?.analysers.length === 3);
    astm = new AstmInstrument(await tcp(ports.astm), { replyTimeoutMs: 5000 });
    hl7 = new Hl7Analyser(await tcp(ports.hl7), 10_000);

    const records = await astm.receive({ timeoutMs: 10_000 });
    expect(records?.map((record) => record[0])).toEqual(['H', 'P', 'O', 'L']);
    const o = fieldsOf(records?.[2]);
    expect(o[2]).toBe(sample.number);
    expect(astmCodes(records?.[2])).toEqual(['CREA', 'GLU']);
    // Action code N (a new order), report type O (an order, not a query's answer).
    expect([o[11], o[25]]).toEqual(['N', 'O']);

    const oml = await hl7.takeOrder();
    const segments = hl7Segments(oml);
    expect(segments[0]?.[8]).toBe('OML^O33^OML_O33');
    expect(segments.find((fields) => fields[0] === 'SPM')?.[2]).toBe(sample.number);
    expect(hl7Codes(oml)).toEqual(['CREA', 'GLU']);

    await until(async () => (await pending()).length === 0);
    const [astmSent] = ordersFor(await logOf(lab.machine, 'sent'), sample.number);
    expect(astmSent?.raw_text).toMatch(/^H\|/);
    expect(astmSent?.raw_text).toContain(`O|1|${sample.number}|`);
    expect(astmSent?.parsed).toEqual({
      kind: 'order',
      specimen_ids: [sample.number],
      test_codes: ['CREA', 'GLU'],
      answer: '',
    });
    const [hl7Sent] = ordersFor(await logOf(machines.hl7, 'sent'), sample.number);
    expect(hl7Sent?.raw_text).toContain('OML^O33');
    expect(hl7Sent?.parsed).toMatchObject({ kind: 'order', answer: 'AA' });
    expect(await logOf(machines.unmapped, 'sent')).toEqual([]);
  });

  it('sends only the tests added to a sample later, and no order twice', async () => {
    if (!relay) throw new Error('the relay did not start');
    const sample = await lab.newSample('Telechargement Ajout');
    expect(astmCodes((await astm.receive({ timeoutMs: 10_000 }))?.[2])).toEqual(['CREA', 'GLU']);
    expect(hl7Codes(await hl7.takeOrder())).toEqual(['CREA', 'GLU']);
    await until(async () => (await pending()).length === 0);

    // The record gains the urea: its tube is the same sample, which now asks for UREA only.
    const record = await staffRecord(ctx.app, staff.secretary, sample.recordId);
    await apiClient(ctx.app, staff.secretary).updatePatient({
      record_id: sample.recordId,
      record_last_updated: record.record_last_updated,
      record_selected_analyses: [{ combination: 1, analysis_ids: [lab.chemistry, ureaAnalysis] }],
    });
    const added = await astm.receive({ timeoutMs: 10_000 });
    expect(fieldsOf(added?.[2])[2]).toBe(sample.number);
    expect(astmCodes(added?.[2])).toEqual(['UREA']);
    expect(hl7Codes(await hl7.takeOrder())).toEqual(['UREA']);
    await until(async () => (await pending()).length === 0);

    // Nothing more goes out: one order per change, each once.
    expect(await astm.receive({ timeoutMs: 1500 })).toBeUndefined();
    expect(await hl7.read(500)).toBeUndefined();
    const astmOrders = ordersFor(await logOf(lab.machine, 'sent'), sample.number);
    expect(
      astmOrders.map((row) => (row.parsed.kind === 'order' ? row.parsed.test_codes : [])).sort(),
    ).toEqual([['CREA', 'GLU'], ['UREA']]);
    expect(ordersFor(await logOf(machines.hl7, 'sent'), sample.number)).toHaveLength(2);

    // The agent's acknowledgement sent again (its answer lost): acknowledged, logged once.
    const first = astmOrders[0];
    const again = await agentCall(ctx.app, lab.credential, 'acknowledgeAnalyserOrders', {
      body: {
        deliveries: [
          {
            order_id: first?.message_id,
            sent_at: new Date().toISOString(),
            raw_text: 'H|\\^&\rL|1|N\r',
            accepted: true,
          },
        ],
      },
    });
    expect(again.json()).toEqual({ acknowledged: [first?.message_id] });
    expect(ordersFor(await logOf(lab.machine, 'sent'), sample.number)).toHaveLength(2);
  });

  it('logs an order the HL7 analyser refuses (AR) as refused, and does not send it again', async () => {
    const sample = await lab.newSample('Telechargement Refus');
    expect(astmCodes((await astm.receive({ timeoutMs: 10_000 }))?.[2])).toEqual(['CREA', 'GLU']);
    const oml = await hl7.read();
    const controlId = hl7Segments(oml)[0]?.[9] ?? '';
    hl7.stream.write(
      mllpFrameOf(
        `MSH|^~\\&|ANALYSER||SIL||20261128093000||ACK^O33^ACK|R-${controlId}|P|2.5.1\rMSA|AR|${controlId}\rERR|||200^Unsupported message type^HL70357|E`,
      ),
    );
    await until(async () => ordersFor(await logOf(machines.hl7, 'refused'), sample.number).length === 1);
    const [refused] = ordersFor(await logOf(machines.hl7, 'refused'), sample.number);
    expect(refused?.parsed).toMatchObject({ kind: 'order', answer: 'AR' });
    await until(async () => (await pending()).length === 0);
    expect(await hl7.read(1000)).toBeUndefined();
  });
});
