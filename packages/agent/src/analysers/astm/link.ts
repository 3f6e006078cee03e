import { type Clock, systemClock } from '../clock.js';
import { ACK, type AstmTimings, DEFAULT_TIMINGS, ENQ, EOT, NAK } from './control.js';
import { FrameReader } from './frame-reader.js';
import { decodeFrame, framesOf } from './frames.js';

/** What the upper layer does with a transmission received from the other side. */
export interface AstmReceiver {
  /** A good frame, in order. The ACK waits for the returned promise (the journal's fsync); a rejection NAKs the frame. */
  frame(text: Buffer, last: boolean): Promise<void> | void;
  /** The sender's EOT closed the transmission. */
  ended(): void;
  /** The transmission stopped without EOT (timeout, connection lost): its unfinished part is discarded. */
  aborted(reason: 'timeout' | 'disconnected'): void;
}

export type LinkEvent =
  | { type: 'nakSent'; reason: 'structure' | 'checksum' | 'frameNumber' | 'refused' }
  | { type: 'nakReceived' }
  | { type: 'timeout'; phase: 'establishment' | 'transfer' | 'receiving' }
  | { type: 'contention' }
  | { type: 'messageAborted'; reason: string };

export interface AstmLinkOptions {
  /** The instrument wins contention; the host (this laboratory system) yields. */
  role: 'host' | 'instrument';
  write(bytes: Buffer): void;
  receiver: AstmReceiver;
  clock?: Clock;
  timings?: Partial<AstmTimings>;
  onEvent?(event: LinkEvent): void;
}

type State = 'idle' | 'receiving' | 'enquiring' | 'sending' | 'waiting' | 'closed';

interface Outgoing {
  frames: Buffer[];
  resolve(): void;
  reject(error: Error): void;
  enquiries: number;
}

export class AstmLinkError extends Error {}

/**
 * ASTM E1381 / CLSI LIS1-A data link: establishment (ENQ/ACK/NAK), transfer (numbered frames, checksum,
 * retransmission), termination (EOT), contention and timers. It knows nothing of the transport: bytes
 * come in through `receive` and go out through `write`.
 */
export class AstmLink {
  private state: State = 'idle';
  private timer: unknown;
  private readonly reader = new FrameReader();
  private readonly queue: Outgoing[] = [];
  private frameIndex = 0;
  private attempts = 0;
  private expected = 1;
  private lastAccepted: number | null = null;
  private busy = false;
  private yielded = false;
  private readonly timings: AstmTimings;
  private readonly clock: Clock;

  constructor(private readonly options: AstmLinkOptions) {
    this.timings = { ...DEFAULT_TIMINGS, ...options.timings };
    this.clock = options.clock ?? systemClock;
  }

  get phase(): State {
    return this.state;
  }

  /** Queues one transmission (records, each ending with CR or not); resolves once its last frame is acknowledged. */
  send(records: Buffer[]): Promise<void> {
    if (this.state === 'closed') return Promise.reject(new AstmLinkError('link closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ frames: framesOf(records), resolve, reject, enquiries: 0 });
      if (this.state === 'idle') this.enquire();
    });
  }

  receive(chunk: Buffer): void {
    if (this.state === 'closed') return;
    this.reader.push(chunk);
    this.pump();
  }

  /** The connection is gone: an unfinished reception is discarded, queued transmissions fail. */
  close(): void {
    if (this.state === 'closed') return;
    if (this.state === 'receiving') this.options.receiver.aborted('disconnected');
    this.stopTimer();
    this.state = 'closed';
    for (const outgoing of this.queue.splice(0)) outgoing.reject(new AstmLinkError('disconnected'));
  }

  private pump(): void {
    while (!this.busy && this.state !== 'closed') {
      if (this.state === 'receiving') {
        const item = this.reader.next();
        if (!item) return;
        if (item.kind === 'control') this.onReceivingControl(item.byte);
        else if (item.kind === 'overlong') this.nak('structure');
        else this.onFrame(item.frame);
      } else {
        const byte = this.reader.nextByte();
        if (byte === undefined) return;
        this.onControl(byte);
      }
    }
  }

  private onReceivingControl(byte: number): void {
    if (byte !== EOT) return; // stray characters between frames are line noise
    this.stopTimer();
    this.state = 'idle';
    this.options.receiver.ended();
    this.afterReception();
  }

  private onFrame(frame: Buffer): void {
    const decoded = decodeFrame(frame);
    if (!decoded.ok) {
      this.nak(decoded.reason);
      return;
    }
    if (decoded.number === this.lastAccepted) {
      // Our ACK was lost and the sender repeats the frame: acknowledge it again, take it once.
      this.reply(ACK);
      return;
    }
    if (decoded.number !== this.expected) {
      this.nak('frameNumber');
      return;
    }
    this.busy = true;
    this.stopTimer();
    Promise.resolve()
      .then(() => this.options.receiver.frame(decoded.text, decoded.last))
      .then(
        () => {
          this.lastAccepted = decoded.number;
          this.expected = (decoded.number + 1) % 8;
          this.reply(ACK);
        },
        () => this.nak('refused'),
      )
      .finally(() => {
        this.busy = false;
        this.pump();
      });
  }

  private nak(reason: 'structure' | 'checksum' | 'frameNumber' | 'refused'): void {
    this.options.onEvent?.({ type: 'nakSent', reason });
    this.reply(NAK);
  }

  private reply(byte: number): void {
    if (this.state !== 'receiving') return;
    this.options.write(Buffer.from([byte]));
    this.startTimer(this.timings.receiverTimeoutMs, () => {
      this.options.onEvent?.({ type: 'timeout', phase: 'receiving' });
      this.state = 'idle';
      this.reader.clear();
      this.options.receiver.aborted('timeout');
      this.afterReception();
    });
  }

  private onControl(byte: number): void {
    switch (this.state) {
      case 'idle':
      case 'waiting':
        if (byte === ENQ) this.acceptEnquiry();
        return;
      case 'enquiring':
        this.onEnquiryReply(byte);
        return;
      case 'sending':
        this.onFrameReply(byte);
        return;
    }
  }

  private acceptEnquiry(): void {
    this.stopTimer();
    this.state = 'receiving';
    this.expected = 1;
    this.lastAccepted = null;
    this.reply(ACK);
  }

  /** After the other side's transmission: our queued one goes next, later if we yielded in contention. */
  private afterReception(): void {
    if (this.queue.length === 0) return;
    const delay = this.yielded ? this.timings.hostContentionMs : 0;
    this.yielded = false;
    this.wait(delay);
  }

  private wait(ms: number): void {
    this.state = 'waiting';
    this.startTimer(ms, () => this.enquire());
  }

  private enquire(): void {
    if (this.queue.length === 0) {
      this.state = 'idle';
      return;
    }
    this.state = 'enquiring';
    this.yielded = false;
    this.options.write(Buffer.from([ENQ]));
    this.startTimer(this.timings.senderTimeoutMs, () => {
      this.options.onEvent?.({ type: 'timeout', phase: 'establishment' });
      this.abort('no reply to ENQ');
    });
  }

  private onEnquiryReply(byte: number): void {
    const current = this.queue[0];
    if (!current) return;
    if (byte === ACK) {
      this.state = 'sending';
      this.frameIndex = 0;
      this.attempts = 0;
      this.sendFrame();
      return;
    }
    if (byte === NAK) {
      this.options.onEvent?.({ type: 'nakReceived' });
      current.enquiries += 1;
      if (current.enquiries >= this.timings.maxEnqAttempts) {
        this.abort('receiver busy');
        return;
      }
      this.wait(this.timings.busyRetryMs);
      return;
    }
    if (byte === ENQ) {
      this.options.onEvent?.({ type: 'contention' });
      if (this.options.role === 'instrument') {
        this.wait(this.timings.instrumentContentionMs);
        return;
      }
      // The host yields: it answers the instrument's next ENQ, and asks again only if none comes.
      this.yielded = true;
      this.wait(this.timings.hostContentionMs);
      return;
    }
  }

  private sendFrame(): void {
    const frame = this.queue[0]?.frames[this.frameIndex];
    if (!frame) return;
    this.attempts += 1;
    this.options.write(frame);
    this.startTimer(this.timings.senderTimeoutMs, () => {
      this.options.onEvent?.({ type: 'timeout', phase: 'transfer' });
      this.abort('no reply to a frame');
    });
  }

  private onFrameReply(byte: number): void {
    const current = this.queue[0];
    if (!current) return;
    // An EOT in place of an ACK asks us to stop soon; the frame was accepted all the same.
    if (byte === ACK || byte === EOT) {
      this.frameIndex += 1;
      this.attempts = 0;
      if (this.frameIndex < current.frames.length) {
        this.sendFrame();
        return;
      }
      this.stopTimer();
      this.options.write(Buffer.from([EOT]));
      this.queue.shift();
      this.state = 'idle';
      current.resolve();
      this.enquire();
      return;
    }
    this.options.onEvent?.({ type: 'nakReceived' });
    if (this.attempts >= this.timings.maxFrameAttempts) {
      this.abort('frame refused six times');
      return;
    }
    this.sendFrame();
  }

  /** Termination phase after a failure: EOT, and the message is reported failed to its caller. */
  private abort(reason: string): void {
    this.stopTimer();
    this.options.write(Buffer.from([EOT]));
    this.options.onEvent?.({ type: 'messageAborted', reason });
    const current = this.queue.shift();
    this.state = 'idle';
    current?.reject(new AstmLinkError(reason));
    this.enquire();
  }

  private startTimer(ms: number, callback: () => void): void {
    this.stopTimer();
    this.timer = this.clock.setTimer(callback, ms);
  }

  private stopTimer(): void {
    if (this.timer !== undefined) this.clock.clearTimer(this.timer);
    this.timer = undefined;
  }
}
