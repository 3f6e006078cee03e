import { LF, MAX_FRAME_TEXT, STX } from './control.js';

/** Longest frame the standard allows: STX, FN, 240 characters, ETB/ETX, two checksum digits, CR, LF. */
const MAX_FRAME_BYTES = MAX_FRAME_TEXT + 7;

export type ReadItem =
  | { kind: 'frame'; frame: Buffer }
  | { kind: 'control'; byte: number }
  | { kind: 'overlong' };

/** Cuts the received bytes into whole frames (STX … LF) and single characters outside frames. */
export class FrameReader {
  private buffer = Buffer.alloc(0);

  push(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? Buffer.from(chunk) : Buffer.concat([this.buffer, chunk]);
  }

  clear(): void {
    this.buffer = Buffer.alloc(0);
  }

  nextByte(): number | undefined {
    if (this.buffer.length === 0) return undefined;
    const byte = this.buffer[0];
    this.buffer = this.buffer.subarray(1);
    return byte;
  }

  /** The next frame or character; undefined while a frame is still arriving. */
  next(): ReadItem | undefined {
    if (this.buffer.length === 0) return undefined;
    if (this.buffer[0] !== STX) return { kind: 'control', byte: this.nextByte() as number };
    const end = this.buffer.indexOf(LF);
    if (end === -1) {
      if (this.buffer.length <= MAX_FRAME_BYTES) return undefined;
      this.clear();
      return { kind: 'overlong' };
    }
    const frame = this.buffer.subarray(0, end + 1);
    this.buffer = this.buffer.subarray(end + 1);
    return { kind: 'frame', frame };
  }
}
