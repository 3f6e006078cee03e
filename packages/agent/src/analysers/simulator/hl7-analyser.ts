import type { ByteStream } from '../stream.js';
import { ByteQueue, sleep } from './byte-queue.js';

// MLLP written apart from the gateway's reader, from the HL7 v2 transport specification.
const VT = 0x0b;
const FS = 0x1c;
const CR = 0x0d;

export const wrap = (message: string) =>
  Buffer.concat([
    Buffer.from([VT]),
    Buffer.from(message.replace(/\n/g, '\r'), 'utf8'),
    Buffer.from([FS, CR]),
  ]);

/** An HL7 analyser (IHE LAW) over MLLP: sends results and queries, takes orders, with faults. */
export class Hl7Analyser {
  readonly queue: ByteQueue;

  constructor(
    readonly stream: ByteStream,
    private readonly timeoutMs = 10_000,
  ) {
    this.queue = new ByteQueue(stream);
  }

  /** The next whole message from the other side. */
  async read(ms = this.timeoutMs): Promise<string | undefined> {
    for (;;) {
      const byte = await this.queue.next(ms);
      if (byte === undefined) return undefined;
      if (byte === VT) break;
    }
    const rest = await this.queue.until(FS, ms);
    if (!rest || (await this.queue.next(ms)) !== CR) return undefined;
    return rest.subarray(0, -1).toString('utf8');
  }

  /**
   * Sends a message and returns the answer (ACK or RSP). `pieces` writes it in that many chunks with
   * pauses, as a slow serial-to-TCP bridge would; `cutAfter` sends only that many bytes then drops the line.
   */
  async send(
    message: string,
    options: { pieces?: number; cutAfter?: number } = {},
  ): Promise<string | undefined> {
    const bytes = wrap(message);
    if (options.cutAfter !== undefined) {
      this.stream.write(bytes.subarray(0, options.cutAfter));
      await sleep(20);
      this.stream.destroy();
      return undefined;
    }
    const pieces = options.pieces ?? 1;
    const size = Math.ceil(bytes.length / pieces);
    for (let i = 0; i < bytes.length; i += size) {
      this.stream.write(bytes.subarray(i, i + size));
      if (pieces > 1) await sleep(5);
    }
    return this.read();
  }

  /** Takes the host's next message (OML^O33) and acknowledges it. */
  async takeOrder(): Promise<string | undefined> {
    const message = await this.read();
    if (!message) return undefined;
    const msh = message.split('\r')[0]?.split('|') ?? [];
    const ack = `MSH|^~\\&|${msh[4] ?? ''}||${msh[2] ?? ''}||${msh[6] ?? ''}||ACK^O33^ACK|A${msh[9] ?? ''}|P|2.5.1\rMSA|AA|${msh[9] ?? ''}`;
    this.stream.write(wrap(ack));
    return message;
  }
}

/** Results of one specimen as an analyser sends them (IHE LAW OUL^R22), `obx` segments after the OBR. */
export function oulR22(controlId: string, specimenId: string, obx: string[], role = 'P'): string {
  return [
    `MSH|^~\\&|ANALYSER|LAB|SIL|LAB|20240514083512||OUL^R22^OUL_R22|${controlId}|P|2.5.1|||AL|NE||UNICODE UTF-8`,
    `SPM|1|${specimenId}||BLD^Whole blood^HL70487|||||||${role}`,
    `OBR|1|${specimenId}||CBC^Complete blood count^99LAB`,
    ...obx,
  ].join('\r');
}

/** A work-order query (IHE LAW QBP^Q11, 'WOS') for the container the analyser read, its tag in QPD-2. */
export function qbpQ11(controlId: string, specimenId: string): string {
  return [
    `MSH|^~\\&|ANALYSER|LAB|SIL|LAB|20240514083512||QBP^Q11^QBP_Q11|${controlId}|P|2.5.1`,
    `QPD|WOS^Work Order Step^IHE_LABTF|T-${controlId}|${specimenId}`,
    'RCP|I||R',
  ].join('\r');
}
