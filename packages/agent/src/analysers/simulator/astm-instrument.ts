import type { ByteStream } from '../stream.js';
import { ByteQueue, sleep } from './byte-queue.js';

// Written from E1381 / LIS1-A on its own, without the gateway's code, so both do not share one mistake.
const [ENQ, ACK, NAK, EOT, STX, ETX, ETB, CR, LF] = [5, 6, 0x15, 4, 2, 3, 0x17, 13, 10];

export interface AstmSendFaults {
  /** Frames (0-based) first sent with a wrong checksum, then correctly after the NAK. */
  badChecksumAt?: number[];
  /** Frames first sent with a wrong frame number. */
  wrongNumberAt?: number[];
  /** The connection is cut after this many frames were acknowledged. */
  cutAfterFrames?: number;
  /** The analyser goes quiet after this many acknowledged frames (a serial line has no 'close'). */
  silentAfterFrames?: number;
  /** Opens with an ENQ while the host's own ENQ is pending (contention), waits, then asks again. */
  contend?: boolean;
}

export interface AstmSendReport {
  completed: boolean;
  naks: number;
  frames: number;
}

export interface AstmInstrumentOptions {
  /** The standard's 15 s; tests shorten it. */
  replyTimeoutMs?: number;
  /** The instrument's wait in contention (at least 1 s in the standard). */
  contentionWaitMs?: number;
}

function frame(number: number, text: Buffer, end: boolean, corruptChecksum = false): Buffer {
  const body = Buffer.concat([Buffer.from(String(number)), text, Buffer.from([end ? ETX : ETB])]);
  let sum = 0;
  for (const byte of body) sum += byte;
  if (corruptChecksum) sum += 1;
  const hex = (sum % 256).toString(16).toUpperCase().padStart(2, '0');
  return Buffer.concat([Buffer.from([STX]), body, Buffer.from(hex), Buffer.from([CR, LF])]);
}

/** An analyser speaking ASTM over any byte stream, with the faults tests need. */
export class AstmInstrument {
  readonly queue: ByteQueue;
  private readonly replyMs: number;
  private readonly contentionMs: number;

  constructor(
    readonly stream: ByteStream,
    options: AstmInstrumentOptions = {},
  ) {
    this.queue = new ByteQueue(stream);
    this.replyMs = options.replyTimeoutMs ?? 15_000;
    this.contentionMs = options.contentionWaitMs ?? 1_000;
  }

  /** Splits records into frames: 240 characters at most, numbers 1…7, 0, 1… */
  static frames(records: string[]): { number: number; text: Buffer; end: boolean }[] {
    const out: { number: number; text: Buffer; end: boolean }[] = [];
    for (const record of records) {
      const text = Buffer.from(`${record}\r`, 'latin1');
      for (let i = 0; i < text.length; i += 240) {
        out.push({
          number: (out.length + 1) % 8,
          text: text.subarray(i, i + 240),
          end: i + 240 >= text.length,
        });
      }
    }
    return out;
  }

  /** One transmission: ENQ, frames with retransmission on NAK (six tries), EOT. */
  async send(records: string[], faults: AstmSendFaults = {}): Promise<AstmSendReport> {
    const report: AstmSendReport = { completed: false, naks: 0, frames: 0 };
    if (faults.contend) {
      this.stream.write(Buffer.from([ENQ]));
      await sleep(this.contentionMs);
      // The host must have yielded in silence: no ACK to the contending ENQ.
      if (this.queue.size > 0)
        throw new Error(`host answered a contending ENQ with ${this.queue.drain().toString('hex')}`);
    }
    this.stream.write(Buffer.from([ENQ]));
    const reply = await this.queue.next(this.replyMs);
    if (reply !== ACK) {
      this.stream.write(Buffer.from([EOT]));
      return report;
    }
    const badChecksum = new Set(faults.badChecksumAt);
    const wrongNumber = new Set(faults.wrongNumberAt);
    const frames = AstmInstrument.frames(records);
    for (const [index, f] of frames.entries()) {
      if (faults.cutAfterFrames === index) {
        this.stream.destroy();
        return report;
      }
      if (faults.silentAfterFrames === index) return report;
      let attempt = 0;
      for (;;) {
        attempt += 1;
        const first = attempt === 1;
        const number = first && wrongNumber.has(index) ? (f.number + 3) % 8 : f.number;
        this.stream.write(frame(number, f.text, f.end, first && badChecksum.has(index)));
        const answer = await this.queue.next(this.replyMs);
        if (answer === ACK || answer === EOT) break;
        if (answer === undefined) {
          this.stream.write(Buffer.from([EOT]));
          return report;
        }
        report.naks += 1;
        if (attempt >= 6) {
          this.stream.write(Buffer.from([EOT]));
          return report;
        }
      }
      report.frames += 1;
    }
    this.stream.write(Buffer.from([EOT]));
    report.completed = true;
    return report;
  }

  /**
   * Receives the host's transmission (orders, a query's answer) and returns its records. `nak` frames
   * are refused first; `silent` never answers, as an analyser switched off.
   */
  async receive(
    options: { nak?: number; silent?: boolean; timeoutMs?: number } = {},
  ): Promise<string[] | undefined> {
    const wait = options.timeoutMs ?? 30_000;
    if ((await this.queue.next(wait)) !== ENQ) return undefined;
    if (options.silent) return undefined;
    this.stream.write(Buffer.from([ACK]));
    let naks = options.nak ?? 0;
    let expected = 1;
    let text = '';
    for (;;) {
      const first = await this.queue.next(wait);
      if (first === EOT) break;
      if (first !== STX) continue;
      const rest = await this.queue.until(LF, wait);
      if (!rest) return undefined;
      const whole = Buffer.concat([Buffer.from([STX]), rest]);
      const body = whole.subarray(1, whole.length - 4);
      let sum = 0;
      for (const byte of body) sum += byte;
      const good =
        whole.subarray(-4, -2).toString() === (sum % 256).toString(16).toUpperCase().padStart(2, '0');
      if (naks > 0 || !good || body[0] !== 0x30 + expected) {
        naks -= 1;
        this.stream.write(Buffer.from([NAK]));
        continue;
      }
      text += body.subarray(1, -1).toString('latin1');
      expected = (expected + 1) % 8;
      this.stream.write(Buffer.from([ACK]));
    }
    return text.split('\r').filter(Boolean);
  }
}
