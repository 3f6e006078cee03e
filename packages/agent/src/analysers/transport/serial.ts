import { closeSync, constants, openSync } from 'node:fs';
import { isatty, ReadStream } from 'node:tty';
import { SerialPort } from 'serialport';
import type { ByteStream } from '../stream.js';

/** A serial line's settings, as the product configures an analyser. */
export interface SerialSettings {
  path: string;
  baudRate: number;
  dataBits: 5 | 6 | 7 | 8;
  parity: 'none' | 'even' | 'odd' | 'mark' | 'space';
  stopBits: 1 | 1.5 | 2;
}

/**
 * Opens a serial port with its line settings through `serialport` (its prebuilt binding): baud
 * rate, data bits, parity and stop bits applied to the device. Pseudo-terminal pairs (tests) take
 * the same calls. Resolves once the port is open.
 */
export function openSerialPort(settings: SerialSettings): Promise<ByteStream> {
  return new Promise((resolve, reject) => {
    const port = new SerialPort(
      {
        path: settings.path,
        baudRate: settings.baudRate,
        dataBits: settings.dataBits,
        parity: settings.parity,
        stopBits: settings.stopBits,
      },
      (error) => (error ? reject(error) : resolve(port)),
    );
  });
}

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
