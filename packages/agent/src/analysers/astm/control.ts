/** The control characters of ASTM E1381 / CLSI LIS1-A. */
export const ENQ = 0x05;
export const ACK = 0x06;
export const NAK = 0x15;
export const EOT = 0x04;
export const STX = 0x02;
export const ETX = 0x03;
export const ETB = 0x17;
export const CR = 0x0d;
export const LF = 0x0a;

/** Text characters per frame: a longer record goes out as intermediate (ETB) frames then an end (ETX) frame. */
export const MAX_FRAME_TEXT = 240;

/** The standard's timers and limits (LIS1-A §6): the sender waits 15 s for a reply, the receiver 30 s for a frame. */
export const DEFAULT_TIMINGS = {
  senderTimeoutMs: 15_000,
  receiverTimeoutMs: 30_000,
  /** After a NAK to its ENQ the sender waits at least 10 s before asking again. */
  busyRetryMs: 10_000,
  /** In contention the instrument waits at least 1 s, then sends its ENQ again. */
  instrumentContentionMs: 1_000,
  /** The host, having yielded, waits at least 20 s after the instrument's transfer before its own ENQ. */
  hostContentionMs: 20_000,
  /** A frame refused this many times aborts the message. */
  maxFrameAttempts: 6,
  /** ENQs answered by NAK (receiver busy) before the message is given up. */
  maxEnqAttempts: 6,
};

export type AstmTimings = typeof DEFAULT_TIMINGS;
