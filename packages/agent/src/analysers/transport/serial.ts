import { closeSync, constants, openSync } from 'node:fs';
import { isatty, ReadStream } from 'node:tty';
import type { ByteStream } from '../stream.js';

/**
 * Opens a serial line as a byte stream. Without the `serialport` package (not installed yet) the
 * device is opened as a terminal file, which serves pseudo-terminals (tests, `socat` bridges) and
 * ports already set up with `stty`; baud rate, data bits, parity and stop bits are not applied here.
 * O_NOCTTY so the port never becomes the agent's controlling terminal.
 */
export function openSerialDevice(path: string): ByteStream {
  const fd = openSync(path, constants.O_RDWR | constants.O_NOCTTY);
  if (!isatty(fd)) {
    closeSync(fd);
    throw new Error(`${path} is not a serial line`);
  }
  // tty.ReadStream is a net.Socket on the terminal's handle: it reads and writes without blocking a
  // thread, and closes the descriptor when destroyed.
  return new ReadStream(fd);
}
