import { CR, ETB, ETX, LF, MAX_FRAME_TEXT, STX } from './control.js';

/** Sum modulo 256 of the frame number, the text and the ETB/ETX, as two uppercase hexadecimal digits. */
export function checksum(body: Buffer): string {
  let sum = 0;
  for (const byte of body) sum = (sum + byte) & 0xff;
  return sum.toString(16).toUpperCase().padStart(2, '0');
}

/** One frame: `<STX> FN text <ETB|ETX> C1 C2 <CR><LF>`. */
export function encodeFrame(number: number, text: Buffer, last: boolean): Buffer {
  const body = Buffer.concat([
    Buffer.from(String(number % 8), 'latin1'),
    text,
    Buffer.from([last ? ETX : ETB]),
  ]);
  return Buffer.concat([
    Buffer.from([STX]),
    body,
    Buffer.from(checksum(body), 'latin1'),
    Buffer.from([CR, LF]),
  ]);
}

/**
 * The frames of one transmission: each record (ending with CR) in its own end frame, split into
 * 240-character intermediate frames when longer; numbers start at 1 and wrap 7 → 0.
 */
export function framesOf(records: Buffer[], firstNumber = 1): Buffer[] {
  const frames: Buffer[] = [];
  let number = firstNumber;
  for (const record of records) {
    const text = record.at(-1) === CR ? record : Buffer.concat([record, Buffer.from([CR])]);
    for (let start = 0; start < text.length; start += MAX_FRAME_TEXT) {
      const end = Math.min(start + MAX_FRAME_TEXT, text.length);
      frames.push(encodeFrame(number, text.subarray(start, end), end === text.length));
      number = (number + 1) % 8;
    }
  }
  return frames;
}

export type DecodedFrame =
  | { ok: true; number: number; text: Buffer; last: boolean }
  | { ok: false; reason: 'structure' | 'checksum' };

/** Checks a frame received whole (from STX to LF) and gives its number, text and kind. */
export function decodeFrame(frame: Buffer): DecodedFrame {
  const n = frame.length;
  if (n < 7 || frame[0] !== STX || frame[n - 2] !== CR || frame[n - 1] !== LF)
    return { ok: false, reason: 'structure' };
  const terminator = frame[n - 5];
  const digit = (frame[1] ?? 0) - 0x30;
  if ((terminator !== ETX && terminator !== ETB) || digit < 0 || digit > 7)
    return { ok: false, reason: 'structure' };
  const body = frame.subarray(1, n - 4);
  const received = frame
    .subarray(n - 4, n - 2)
    .toString('latin1')
    .toUpperCase();
  if (received !== checksum(body)) return { ok: false, reason: 'checksum' };
  return { ok: true, number: digit, text: Buffer.from(frame.subarray(2, n - 5)), last: terminator === ETX };
}
