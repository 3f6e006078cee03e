import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { decodeCode128 } from '../packages/documents/src/testing/code128.js';
import { barWidths, readPdfPages } from '../packages/documents/src/testing/pdf-content.js';

const ROOT = path.resolve(import.meta.dirname, '..');
export const AGENT_URL = 'http://127.0.0.1:5175';

export interface RunningAgent {
  outputDir: string;
  /** The folder the desk's scanner drops its documents in. */
  scanDir: string;
  stop(): Promise<void>;
}

/** The real workstation agent, printing to PDF files in a temporary folder, for the web app's origin. */
export async function startAgent(webOrigin: string): Promise<RunningAgent> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sil-agent-'));
  const outputDir = path.join(dir, 'labels');
  const scanDir = path.join(dir, 'scans');
  mkdirSync(scanDir);
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'packages/agent/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      AGENT_PORT: '5175',
      AGENT_ALLOWED_ORIGIN: webOrigin,
      AGENT_OUTPUT_DIR: outputDir,
      AGENT_SCAN_DIR: scanDir,
    },
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) break;
    try {
      await fetch(`${AGENT_URL}/scan`);
      return { outputDir, scanDir, stop };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  await stop();
  throw new Error('The workstation agent did not start');
}

/**
 * The agent writes compressed PDFs; the documents package's reader reads uncompressed content
 * streams, so each Flate stream is inflated first.
 */
function inflated(pdf: Buffer): Buffer {
  const parts: Buffer[] = [];
  let from = 0;
  for (;;) {
    const start = pdf.indexOf('stream\n', from);
    if (start < 0) break;
    const end = pdf.indexOf('\nendstream', start);
    if (end < 0) break;
    const body = pdf.subarray(start + 'stream\n'.length, end);
    let content: Buffer;
    try {
      content = inflateSync(body);
    } catch {
      content = body;
    }
    parts.push(Buffer.from('stream\n'), content, Buffer.from('\nendstream\n'));
    from = end + '\nendstream'.length;
  }
  return Buffer.concat(parts);
}

/** What each label of the written PDFs shows: its text lines and its Code 128 decoded. */
export function readLabels(outputDir: string): Array<{ lines: string[]; barcode: string }> {
  const files = readdirSync(outputDir).filter((name) => name.endsWith('.pdf'));
  return files.flatMap((name) =>
    readPdfPages(inflated(readFileSync(path.join(outputDir, name)))).map((page) => ({
      lines: page.lines,
      barcode: decodeCode128(barWidths(page.rects)),
    })),
  );
}
