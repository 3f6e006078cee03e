/** Minimal Lower Layer Protocol: each HL7 message travels as `<VT> message <FS><CR>`. */
export const VT = 0x0b;
export const FS = 0x1c;
export const CR = 0x0d;

export function mllpFrame(message: string | Buffer): Buffer {
  const body = typeof message === 'string' ? Buffer.from(message, 'utf8') : message;
  return Buffer.concat([Buffer.from([VT]), body, Buffer.from([FS, CR])]);
}

/**
 * Cuts a byte stream into MLLP messages, whatever the TCP segments: a message may arrive in many
 * chunks and a chunk may hold several messages. Bytes outside a frame are skipped; a frame longer
 * than `maxBytes` is dropped and reported so a stream without `<FS>` cannot grow without end.
 */
export class MllpReader {
  private buffer = Buffer.alloc(0);

  constructor(
    private readonly onMessage: (body: Buffer) => void,
    private readonly onOverflow: () => void = () => undefined,
    private readonly maxBytes = 16 * 1024 * 1024,
  ) {}

  push(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? Buffer.from(chunk) : Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const start = this.buffer.indexOf(VT);
      if (start === -1) {
        this.buffer = Buffer.alloc(0);
        return;
      }
      const end = this.buffer.indexOf(Buffer.from([FS, CR]), start + 1);
      if (end === -1) {
        this.buffer = this.buffer.subarray(start);
        if (this.buffer.length > this.maxBytes) {
          this.buffer = Buffer.alloc(0);
          this.onOverflow();
        }
        return;
      }
      // A VT inside means the sender restarted a message it had cut: keep the last start.
      const restart = this.buffer.lastIndexOf(VT, end);
      const body = Buffer.from(this.buffer.subarray(restart + 1, end));
      this.buffer = this.buffer.subarray(end + 2);
      this.onMessage(body);
    }
  }

  /** The connection closed: a message still open was cut and is discarded. */
  reset(): void {
    this.buffer = Buffer.alloc(0);
  }
}
