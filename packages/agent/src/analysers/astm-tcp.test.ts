import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENQ, EOT } from './astm/control.js';
import type { AstmMessage } from './astm/message.js';
import { AstmInstrument } from './simulator/astm-instrument.js';
import { ASTM_QUERY, haematologyRun } from './simulator/samples.js';
import { tcpGateway, until } from './test-gateway.js';

type Gateway = Awaited<ReturnType<typeof tcpGateway>>;
let gateway: Gateway;
const instrument = async () =>
  new AstmInstrument(await gateway.connect(), { replyTimeoutMs: 2000, contentionWaitMs: 50 });
const messageOf = (index: number) => {
  const reading = gateway.received[index]?.reading;
  if (!reading || !('message' in reading) || !('patients' in reading.message))
    throw new Error('no ASTM message read');
  return reading.message as AstmMessage;
};

beforeEach(async () => {
  gateway = await tcpGateway('astm', {
    answerAstm: async (ids) => (ids.includes('S-7') ? [{ specimenId: 'S-7', tests: ['GLU', 'CREA'] }] : []),
  });
});
afterEach(() => gateway.close());

describe('ASTM over TCP', () => {
  it('takes a multi-frame run and journals it once, before the last ACK', async () => {
    const sim = await instrument();
    const records = haematologyRun('S-100');
    const report = await sim.send(records);
    expect(report).toMatchObject({ completed: true, naks: 0 });
    expect(report.frames).toBeGreaterThan(16);
    // The journal is written before the L frame is acknowledged, so it is there when send returns.
    expect(gateway.journal.pending()).toHaveLength(1);
    expect(gateway.journal.pending()[0]?.text).toBe(records.map((r) => `${r}\r`).join(''));
    const order = messageOf(0).patients[0]?.orders[0];
    expect(order?.specimenId).toBe('S-100');
    expect(order?.results.map((r) => r.testCode)).toHaveLength(12);
    expect(order?.results[2]).toMatchObject({ testCode: 'HGB', value: '4.5', units: '10^9/L', flags: ['L'] });
  });

  it('NAKs a bad checksum and a wrong frame number; the retransmissions complete the message', async () => {
    const sim = await instrument();
    const report = await sim.send(haematologyRun('S-101'), { badChecksumAt: [2], wrongNumberAt: [9] });
    expect(report).toMatchObject({ completed: true, naks: 2 });
    expect(gateway.events).toEqual([
      { type: 'nakSent', reason: 'checksum' },
      { type: 'nakSent', reason: 'frameNumber' },
    ]);
    expect(gateway.journal.pending()).toHaveLength(1);
  });

  it('drops a message cut mid-transfer and takes it whole when the analyser sends it again', async () => {
    const first = await instrument();
    await first.send(haematologyRun('S-102'), { cutAfterFrames: 5 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(gateway.journal.pending()).toHaveLength(0);
    const again = await instrument();
    expect((await again.send(haematologyRun('S-102'))).completed).toBe(true);
    expect(gateway.journal.pending()).toHaveLength(1);
  });

  it('in contention yields to the analyser, then sends its orders', async () => {
    const sim = await instrument();
    await until(() => gateway.astm.length === 1);
    const orders = gateway.astm[0]?.send(['H|\\^&|||SIL', 'P|1', 'O|1|S-9||^^^K', 'L|1|N']);
    expect(await sim.queue.next(1000)).toBe(ENQ);
    expect((await sim.send(haematologyRun('S-103'), { contend: true })).completed).toBe(true);
    expect(await sim.receive({ timeoutMs: 2000 })).toEqual(['H|\\^&|||SIL', 'P|1', 'O|1|S-9||^^^K', 'L|1|N']);
    await orders;
    expect(gateway.events).toContainEqual({ type: 'contention' });
    expect(gateway.journal.pending()).toHaveLength(1);
  });

  it('answers a host query with the specimen orders, or no information', async () => {
    const sim = await instrument();
    await sim.send(ASTM_QUERY('S-7'));
    const answer = await sim.receive({ timeoutMs: 2000 });
    expect(answer?.[0]).toMatch(/^H\|\\\^&\|\|\|SIL\|/);
    expect(answer?.[2]).toMatch(/^O\|1\|S-7\|\|\^\^\^GLU\\\^\^\^CREA\|R\|/);
    expect(answer?.at(-1)).toBe('L|1|N');
    await sim.send(ASTM_QUERY('S-unknown'));
    expect((await sim.receive({ timeoutMs: 2000 }))?.at(-1)).toBe('L|1|I');
  });

  it('gives up orders to a silent analyser after the sender timeout, with EOT', async () => {
    const sim = await instrument();
    await until(() => gateway.astm.length === 1);
    const orders = gateway.astm[0]?.send(['H|\\^&', 'L|1|N']);
    expect(await sim.receive({ silent: true, timeoutMs: 1000 })).toBeUndefined();
    await expect(orders).rejects.toThrow('no reply to ENQ');
    expect(await sim.queue.next(1000)).toBe(EOT);
    expect(gateway.events).toContainEqual({ type: 'timeout', phase: 'establishment' });
  });
});
