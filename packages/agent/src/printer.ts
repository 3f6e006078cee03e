import { mkdir, writeFile } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { safeFileName } from '@sil/documents';
import { describePrinter, type PrinterTarget } from './config.js';
import { AgentError } from './errors.js';
import { errorCode } from './scans.js';

/** A print job carries both renderings; only the one the configured printer needs is made. */
export interface PrintJob {
  /** Names the PDF file when printing to a folder, e.g. 'étiquettes D2024-000123'. */
  title: string;
  labels: number;
  zpl: () => string;
  pdf: () => Promise<Buffer>;
}

export type PrintResult = { printed: number; printer: string } | { printed: number; file: string };

export async function print(target: PrinterTarget, job: PrintJob, timeoutMs: number): Promise<PrintResult> {
  if (target.kind === 'zpl') {
    await sendRaw(target.host, target.port, job.zpl(), timeoutMs);
    return { printed: job.labels, printer: describePrinter(target) };
  }
  const file = join(target.directory, `${safeFileName(`${timestamp()} ${job.title}`)}.pdf`);
  const pdf = await job.pdf();
  try {
    await mkdir(target.directory, { recursive: true });
    await writeFile(file, pdf, { flag: 'wx' });
  } catch (error) {
    throw new AgentError('outputFolderUnavailable', { folder: target.directory, reason: errorCode(error) });
  }
  return { printed: job.labels, file };
}

/**
 * Raw TCP printing (port 9100, 'JetDirect'): connect, write, close. Label printers answer nothing,
 * so a clean close after the bytes were flushed is the success signal; a refused connection, a
 * reset or no progress within the timeout means the printer is unreachable.
 */
function sendRaw(host: string, port: number, data: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host, port });
    const fail = (reason: string) => {
      socket.destroy();
      reject(new AgentError('printerUnreachable', { printer: `zpl://${host}:${port}`, reason }));
    };
    socket.setTimeout(timeoutMs, () => fail('timeout'));
    socket.once('error', (error) => fail(errorCode(error)));
    socket.once('connect', () => socket.end(data, 'ascii'));
    socket.once('close', (hadError) => {
      if (!hadError) resolve();
    });
  });
}

/** Sortable and readable in a file manager, and distinct for two jobs of one second: 2024-05-14 08.35.12.345 */
function timestamp(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())} ${pad(now.getHours())}.${pad(now.getMinutes())}.${pad(now.getSeconds())}.${String(now.getMilliseconds()).padStart(3, '0')}`;
}
