import { describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.js';
import { ACK, ENQ, EOT, NAK } from './control.js';
import { encodeFrame } from './frames.js';
import { AstmLink, type LinkEvent } from './link.js';

function setUp(role: 'host' | 'instrument' = 'host') {
  const clock = new ManualClock();
  const written: number[][] = [];
  const frames: string[] = [];
  const outcomes: string[] = [];
  const events: LinkEvent[] = [];
  const link = new AstmLink({
    role,
    clock,
    write: (bytes) => written.push([...bytes]),
    onEvent: (event) => events.push(event),
    receiver: {
      frame: (text) => {
        frames.push(text.toString('latin1'));
      },
      ended: () => outcomes.push('ended'),
      aborted: (reason) => outcomes.push(reason),
    },
  });
  const last = () => written.at(-1);
  return { clock, link, written, frames, outcomes, events, last };
}

const byte = (value: number) => Buffer.from([value]);
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('LIS1-A link, host receiving', () => {
  it('ACKs an ENQ and good frames, NAKs a wrong frame number, ACKs a repeated frame without taking it twice', async () => {
    const { link, frames, outcomes, last, events } = setUp();
    link.receive(byte(ENQ));
    expect(last()).toEqual([ACK]);
    link.receive(encodeFrame(1, Buffer.from('H|\\^&\r'), true));
    await settle();
    expect(last()).toEqual([ACK]);
    link.receive(encodeFrame(1, Buffer.from('H|\\^&\r'), true));
    await settle();
    expect(last()).toEqual([ACK]);
    link.receive(encodeFrame(5, Buffer.from('L|1\r'), true));
    await settle();
    expect(last()).toEqual([NAK]);
    link.receive(Buffer.concat([encodeFrame(2, Buffer.from('L|1\r'), true), byte(EOT)]));
    await settle();
    expect(frames).toEqual(['H|\\^&\r', 'L|1\r']);
    expect(outcomes).toEqual(['ended']);
    expect(events).toEqual([{ type: 'nakSent', reason: 'frameNumber' }]);
  });

  it('gives up a transmission after 30 s without a frame', async () => {
    const { link, clock, outcomes } = setUp();
    link.receive(byte(ENQ));
    clock.advance(29_999);
    expect(outcomes).toEqual([]);
    clock.advance(1);
    expect(outcomes).toEqual(['timeout']);
    expect(link.phase).toBe('idle');
  });
});

describe('LIS1-A link, host sending', () => {
  it('sends its frames, retransmits a NAKed one and ends with EOT', async () => {
    const { link, written } = setUp();
    const sent = link.send([Buffer.from('H|\\^&'), Buffer.from('L|1|N')]);
    expect(written).toEqual([[ENQ]]);
    link.receive(byte(ACK));
    link.receive(byte(NAK));
    link.receive(byte(ACK));
    link.receive(byte(ACK));
    await sent;
    expect(written.map((w) => (w.length === 1 ? w[0] : Buffer.from(w).toString('latin1')[1]))).toEqual([
      ENQ,
      '1',
      '1',
      '2',
      EOT,
    ]);
  });

  it('aborts a frame refused six times, and a silent receiver after 15 s', async () => {
    const { link, clock, written } = setUp();
    const refused = link.send([Buffer.from('H|\\^&')]);
    link.receive(byte(ACK));
    for (let i = 0; i < 6; i++) link.receive(byte(NAK));
    await expect(refused).rejects.toThrow('frame refused six times');
    expect(written.filter((w) => w.length > 1)).toHaveLength(6);
    expect(written.at(-1)).toEqual([EOT]);

    const silent = link.send([Buffer.from('H|\\^&')]);
    clock.advance(15_000);
    await expect(silent).rejects.toThrow('no reply to ENQ');
  });

  it('in contention the host yields, answers the instrument, then asks again after 20 s', async () => {
    const { link, clock, written, outcomes } = setUp();
    const sent = link.send([Buffer.from('H|\\^&')]);
    link.receive(byte(ENQ)); // the instrument's ENQ crossed ours
    expect(written).toEqual([[ENQ]]);
    clock.advance(1_000);
    link.receive(byte(ENQ));
    expect(written.at(-1)).toEqual([ACK]);
    link.receive(encodeFrame(1, Buffer.from('H|\\^&\r'), true));
    await settle();
    link.receive(byte(EOT));
    expect(outcomes).toEqual(['ended']);
    clock.advance(19_999);
    expect(written.at(-1)).toEqual([ACK]);
    clock.advance(1);
    expect(written.at(-1)).toEqual([ENQ]);
    link.receive(byte(ACK));
    link.receive(byte(ACK));
    await sent;
  });

  it('as an instrument keeps priority: waits 1 s and sends ENQ again', () => {
    const { link, clock, written } = setUp('instrument');
    void link.send([Buffer.from('H|\\^&')]);
    link.receive(byte(ENQ));
    clock.advance(999);
    expect(written).toEqual([[ENQ]]);
    clock.advance(1);
    expect(written).toEqual([[ENQ], [ENQ]]);
  });

  it('fails what it was sending when the connection is lost', async () => {
    const { link } = setUp();
    const sent = link.send([Buffer.from('H|\\^&')]);
    link.close();
    await expect(sent).rejects.toThrow('disconnected');
  });
});
