import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENQ } from './astm/control.js';
import { AstmInstrument } from './simulator/astm-instrument.js';
import { openPtyPair } from './simulator/pty-pair.js';
import { haematologyRun } from './simulator/samples.js';
import type { ByteStream } from './stream.js';
import { astmGateway, tempJournal } from './test-gateway.js';
import { openSerialDevice } from './transport/serial.js';

// A pseudo-terminal pair stands in for the serial cable: the gateway holds one end as it would hold
// /dev/ttyS0, the simulated analyser the other.
let pair: Awaited<ReturnType<typeof openPtyPair>>;
let store: Awaited<ReturnType<typeof tempJournal>>;
let gateway: ReturnType<typeof astmGateway>;
let lines: ByteStream[];
let sim: AstmInstrument;

beforeEach(async () => {
  pair = await openPtyPair();
  store = await tempJournal();
  const host = openSerialDevice(pair.a);
  const analyser = openSerialDevice(pair.b);
  lines = [host, analyser];
  gateway = astmGateway(host, store.journal);
  sim = new AstmInstrument(analyser, { replyTimeoutMs: 2000, contentionWaitMs: 50 });
});
afterEach(async () => {
  gateway.session.close();
  for (const line of lines) line.destroy();
  pair.close();
  await store.remove();
});

describe('ASTM over a serial line', () => {
  it('takes a multi-frame run with a checksum error and a wrong frame number retransmitted', async () => {
    const report = await sim.send(haematologyRun('S-200'), { badChecksumAt: [0, 13], wrongNumberAt: [7] });
    expect(report).toMatchObject({ completed: true, naks: 3 });
    expect(store.journal.pending()).toHaveLength(1);
    expect(gateway.received[0]?.reading).toHaveProperty('message.patients.0.orders.0.specimenId', 'S-200');
  });

  it('discards a message the analyser stopped sending, after the receiver timeout, and takes the repeat', async () => {
    await sim.send(haematologyRun('S-201'), { silentAfterFrames: 5 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(gateway.events).toContainEqual({ type: 'timeout', phase: 'receiving' });
    expect(store.journal.pending()).toHaveLength(0);
    expect((await sim.send(haematologyRun('S-201'))).completed).toBe(true);
    expect(store.journal.pending()).toHaveLength(1);
  });

  it('resolves contention in the analyser favour', async () => {
    const orders = gateway.session.send(['H|\\^&|||SIL', 'L|1|N']);
    expect(await sim.queue.next(1000)).toBe(ENQ);
    expect((await sim.send(haematologyRun('S-202'), { contend: true })).completed).toBe(true);
    expect(await sim.receive({ timeoutMs: 2000 })).toEqual(['H|\\^&|||SIL', 'L|1|N']);
    await orders;
    expect(store.journal.pending()).toHaveLength(1);
  });
});
