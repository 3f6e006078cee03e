import { randomUUID } from 'node:crypto';
import type { ParsedResult } from '@sil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentCall, analyserLaboratory } from './analysers-setup.js';
import { type ApiClient, apiClient } from './client.js';
import { type Staff, signInStaff } from './factories.js';
import { codeOf, DATABASES, startTestApp, stopTestApp, type TestContext } from './helpers.js';

const result = (
  specimen: string,
  code: string,
  value: string,
  extra: Partial<ParsedResult> = {},
): ParsedResult => ({
  specimen_id: specimen,
  test_code: code,
  value,
  unit: code === 'CREA' ? 'mg/L' : 'g/L',
  reference_range: '',
  flags: [],
  status: 'F',
  run_at: '20261128093000',
  qc: false,
  ...extra,
});

/**
 * The server's side of analysers (issue 41): an agent enrolled with its one-time code, its
 * configuration, its messages stored once each, results landed through the bench's rules, controls
 * to CIQ, what finds no place in the reconciliation queue, host queries, revocation.
 */
describe.each(DATABASES)('analyser messages on %s', (kind) => {
  let ctx: TestContext;
  let staff: Staff;
  let lab: Awaited<ReturnType<typeof analyserLaboratory>>;
  let bench: ApiClient;

  const post = (machine: string, parsed: unknown, raw = 'H|\\^&\rL|1|N\r') => {
    const message = {
      message_id: randomUUID(),
      machine_id: machine,
      protocol: 'astm',
      received_at: new Date().toISOString(),
      raw_text: raw,
      parsed,
    };
    return {
      message,
      sent: agentCall(ctx.app, lab.credential, 'postAnalyserMessages', { body: { messages: [message] } }),
    };
  };
  const lineOf = async (sampleId: string, parameterId: string) =>
    (await bench.getSampleResults({ sample_id: sampleId })).lines.find(
      (line) => line.parameter_id === parameterId,
    )?.result ?? null;
  const openItems = async () =>
    (await bench.getReconciliationItems({ machine_id: lab.machine, state: 'open', page: 1, per_page: 200 }))
      .data;

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    staff = await signInStaff(ctx.app);
    lab = await analyserLaboratory(ctx.app, staff);
    bench = apiClient(ctx.app, staff.technician);
  }, 120_000);
  afterAll(() => stopTestApp(ctx));

  it('gives the agent its analysers, and refuses a code used twice or a wrong credential', async () => {
    const configuration = await agentCall(ctx.app, lab.credential, 'getAgentConfiguration', { query: {} });
    expect(configuration.statusCode).toBe(200);
    const answer = configuration.json();
    expect(answer.analysers).toEqual([
      expect.objectContaining({
        machine_id: lab.machine,
        protocol: 'astm',
        connection: { transport: 'tcp_server', host: null, port: 4001 },
        test_codes: ['CREA', 'GLU'],
      }),
    ]);
    const again = await agentCall(ctx.app, lab.credential, 'getAgentConfiguration', {
      query: { version: answer.version, wait_s: '1' },
    });
    expect(again.json().version).toBe(answer.version);
    const forged = await agentCall(ctx.app, `${lab.agentId}.${'x'.repeat(43)}`, 'getAgentConfiguration', {
      query: {},
    });
    expect(codeOf(forged)).toBe('invalidAgentCredential');
    const reused = await ctx.app.inject({
      method: 'POST',
      url: '/api/enrol-agent',
      payload: { enrolment_code: 'AAAA-BBBB-CCCC-DDDD' },
    });
    expect(codeOf(reused)).toBe('enrolmentCodeInvalid');
    const session = await ctx.app.inject({
      method: 'GET',
      url: '/api/get-agent-configuration',
      headers: staff.technician.headers,
    });
    expect(codeOf(session)).toBe('invalidAgentCredential');
  });

  it('lands results on the sample through the bench, once per message id, marked with the analyser', async () => {
    const sample = await lab.newSample('Analyseur');
    await apiClient(ctx.app, staff.secretary).receiveRecord({ record_id: sample.recordId });
    const { message, sent } = post(lab.machine, {
      kind: 'results',
      results: [result(sample.number, 'GLU', '1.32', { flags: ['H'] }), result(sample.number, 'CREA', '10')],
    });
    const first = await sent;
    expect(first.json()).toEqual({ accepted: [message.message_id], refused: [] });
    const repeat = await agentCall(ctx.app, lab.credential, 'postAnalyserMessages', {
      body: { messages: [message] },
    });
    expect(repeat.json()).toEqual({ accepted: [message.message_id], refused: [] });
    const glucose = await lineOf(sample.id, lab.glucose);
    expect(glucose).toMatchObject({
      result_value: 1.32,
      result_entered_by: null,
      result_entered_by_name: 'Cobas c311',
    });
    expect(glucose?.result_flags).toContain('high');
    expect(glucose).toMatchObject({ result_machine: lab.machine, result_analyser_flags: ['H'] });
    expect(glucose?.result_run_at).toMatch(/^2026-11-28T08:30:00(\.000)?Z$/);
    // mg/L × 8.84 = µmol/L, as the mapping says.
    expect((await lineOf(sample.id, lab.creatinine))?.result_value).toBeCloseTo(88.4, 6);
    const log = await bench.getAnalyserMessages({ machine_id: lab.machine, page: 1, per_page: 50 });
    expect(log.data.filter((row) => row.message_id === message.message_id)).toEqual([
      expect.objectContaining({ outcome: 'stored', results_stored: 2, results_in_reconciliation: 0 }),
    ]);
    // The sample has all its results: it completed itself, as on the bench.
    const [after] = await apiClient(ctx.app, staff.admin).getSample({ sample_id: sample.id });
    expect(after?.sample_status).toBeGreaterThan(0);
  });

  it('queues an unknown specimen, an unmapped code and a unit it was not told of, and stores the rest', async () => {
    const sample = await lab.newSample('Rapprochement');
    const { sent } = post(lab.machine, {
      kind: 'results',
      results: [
        result('999999999', 'GLU', '0.9'),
        result(sample.number, 'K', '4.1'),
        result(sample.number, 'CREA', '10', { unit: 'µmol/L' }),
        result(sample.number, 'GLU', '0.95'),
      ],
    });
    expect((await sent).statusCode).toBe(200);
    expect((await lineOf(sample.id, lab.glucose))?.result_value).toBe(0.95);
    const items = await openItems();
    const reasons = items
      .filter(
        (item) => item.result?.specimen_id === sample.number || item.result?.specimen_id === '999999999',
      )
      .map((item) => item.reason)
      .sort();
    expect(reasons).toEqual(['unitMismatch', 'unknownSpecimen', 'unmappedCode']);
  });

  it('learns a code mapped from the queue: the value lands, and the next message uses the mapping', async () => {
    const sample = await lab.newSample('Apprentissage');
    await post(lab.machine, { kind: 'results', results: [result(sample.number, 'GLUC2', '0.8')] }).sent;
    const item = (await openItems()).find((one) => one.result?.test_code === 'GLUC2');
    if (!item) throw new Error('no item');
    const resolved = await bench.resolveReconciliationItem({
      item_id: item.item_id,
      item_last_updated: item.item_last_updated,
      resolution: { action: 'map', parameter_id: lab.glucose, learn: true },
    });
    expect(resolved.item_state).toBe('mapped');
    expect((await lineOf(sample.id, lab.glucose))?.result_value).toBe(0.8);
    const next = await lab.newSample('Apprentissage suivant');
    await post(lab.machine, { kind: 'results', results: [result(next.number, 'GLUC2', '0.85')] }).sent;
    expect((await lineOf(next.id, lab.glucose))?.result_value).toBe(0.85);
    const again = await bench.send('resolveReconciliationItem', {
      body: {
        item_id: item.item_id,
        item_last_updated: resolved.item_last_updated,
        resolution: { action: 'discard', reason: 'x' },
      },
    });
    expect(codeOf(again)).toBe('reconciliationItemClosed');
  });

  it('sends a control to CIQ and an unreadable message to the queue with its reason', async () => {
    const { sent } = post(lab.machine, {
      kind: 'results',
      results: [result('N1', 'GLU', '1.02', { qc: true })],
    });
    expect((await sent).statusCode).toBe(200);
    const ciq = await bench.getMachineCiq({ machine_id: lab.machine });
    expect(ciq.runs[0]?.values).toEqual([expect.objectContaining({ ciq_value: 1.02 })]);
    await post(lab.machine, { kind: 'unreadable', reason: 'no header record' }, 'garbage').sent;
    const unreadable = (await openItems()).find((item) => item.reason === 'unreadable');
    expect(unreadable).toMatchObject({ detail: 'no header record', result: null });
  });

  it('answers a host query with the sample’s tests as the analyser’s codes, or none', async () => {
    const sample = await lab.newSample('Requête');
    const orders = await agentCall(ctx.app, lab.credential, 'getAnalyserOrders', {
      query: { machine_id: lab.machine, specimen_id: sample.number },
    });
    expect(orders.json()).toMatchObject({ found: true, priority: 'R' });
    expect(
      orders
        .json()
        .tests.map((t: { test_code: string }) => t.test_code)
        .sort(),
    ).toEqual(['CREA', 'GLU']);
    const none = await agentCall(ctx.app, lab.credential, 'getAnalyserOrders', {
      query: { machine_id: lab.machine, specimen_id: 'nope' },
    });
    expect(none.json()).toMatchObject({ found: false, tests: [] });
  });

  it('keeps the link state the agent reports, and refuses the agent once revoked', async () => {
    const reported = await agentCall(ctx.app, lab.credential, 'reportAnalyserState', {
      body: {
        states: [
          {
            machine_id: lab.machine,
            connected: true,
            last_message_at: null,
            naks: 2,
            retransmissions: 1,
            pending: 0,
            errors: [],
          },
        ],
      },
    });
    expect(reported.statusCode).toBe(200);
    const states = await bench.getAnalyserStates();
    expect(states.states.find((s) => s.machine_id === lab.machine)).toMatchObject({
      connected: true,
      naks: 2,
    });
    const admin = apiClient(ctx.app, staff.admin);
    const agent = (await admin.getAgents()).agents.find((one) => one.agent_id === lab.agentId);
    expect(agent?.agent_state).toBe('active');
    expect(agent?.agent_last_seen_at).not.toBeNull();
    await admin.revokeAgent({ agent_id: lab.agentId, agent_last_updated: agent?.agent_last_updated ?? '' });
    const refused = await agentCall(ctx.app, lab.credential, 'getAgentConfiguration', { query: {} });
    expect(codeOf(refused)).toBe('invalidAgentCredential');
  });
});
