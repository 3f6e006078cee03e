import type { ByteStream } from '../stream.js';

/** The simulator's view of its line: bytes as they come, waited for with a deadline. */
export class ByteQueue {
  private bytes: number[] = [];
  private waiter: (() => void) | undefined;
  closed = false;

  constructor(readonly stream: ByteStream) {
    stream.on('data', (chunk) => {
      this.bytes.push(...chunk);
      this.waiter?.();
    });
    stream.on('close', () => {
      this.closed = true;
      this.waiter?.();
    });
    stream.on('error', () => undefined);
  }

  get size(): number {
    return this.bytes.length;
  }

  /** The next byte, or undefined when nothing came within `ms` or the line closed. */
  async next(ms: number): Promise<number | undefined> {
    const deadline = Date.now() + ms;
    while (this.bytes.length === 0) {
      const left = deadline - Date.now();
      if (this.closed || left <= 0) return undefined;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.waiter = undefined;
    }
    return this.bytes.shift();
  }

  /** Bytes up to and including `end`, or undefined at the deadline. */
  async until(end: number, ms: number): Promise<Buffer | undefined> {
    const out: number[] = [];
    const deadline = Date.now() + ms;
    for (;;) {
      const byte = await this.next(deadline - Date.now());
      if (byte === undefined) return undefined;
      out.push(byte);
      if (byte === end) return Buffer.from(out);
    }
  }

  drain(): Buffer {
    return Buffer.from(this.bytes.splice(0));
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
