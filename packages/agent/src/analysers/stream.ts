/**
 * What the protocols need from a connection: a TCP socket and a serial line (or a pseudo-terminal)
 * both give it, so ASTM and HL7 run unchanged over either.
 */
export interface ByteStream {
  write(chunk: Buffer): unknown;
  on(event: 'data', listener: (chunk: Buffer) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  destroy(): unknown;
}
