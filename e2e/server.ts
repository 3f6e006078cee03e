import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { inject } from 'vitest';
import { clock } from './page-log.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The data directory of a demo laboratory's first start, which servers start from a copy of. */
    serverTemplate: string;
  }
}

/** One JSON log line of the server (pino), with the fields the journeys read. */
export interface LogLine {
  msg?: string;
  to?: string;
  text?: string;
  subject?: string;
  address?: string;
  [key: string]: unknown;
}

export interface RunningServer {
  url: string;
  logs: LogLine[];
  /** Resolves with the first log line (already printed or still to come) that passes the test. */
  waitForLog(test: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  /** Every line the server logged, also when it runs in another process than the journey's. */
  logFile: string;
  /** Stops the server and deletes its data directory, unless `keepDataDir` (a template's). */
  stop(options?: { keepDataDir?: boolean }): Promise<void>;
  dataDir: string;
}

/** Variables read by a first start only: a server given one cannot start from the template. */
const FIRST_START_VARIABLES = ['SEED_DEMO', 'SEED_DEMO_CATALOGUE', 'DATABASE_URL'];

const ROOT = path.resolve(import.meta.dirname, '..');
export const SERVER_LOGS = path.join(ROOT, 'test-results', 'server-logs');

/** The servers this worker started and has not stopped, for what a failed journey prints. */
const runningServers = new Map<string, string>();

const SHOWN_LOG_LINES = 30;
const LEVELS: Record<number, string> = { 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

/** One log line, short: when, level, message, and the request's method, path, status and time. */
function shortLine(line: LogLine): string {
  const request = line.req as { method?: string; url?: string } | undefined;
  const response = line.res as { statusCode?: number } | undefined;
  const parts = [
    typeof line.time === 'number' ? clock(line.time) : '',
    LEVELS[Number(line.level)] ?? String(line.level ?? ''),
    line.msg ?? '',
    // The same request's two lines, incoming and completed, share it.
    typeof line.reqId === 'string' ? `#${line.reqId.slice(0, 6)}` : '',
    request?.method ?? '',
    request?.url ?? '',
    response?.statusCode ?? '',
    typeof line.responseTime === 'number' ? `${Math.round(line.responseTime)} ms` : '',
  ];
  return parts.filter((part) => part !== '').join(' ');
}

function lastLines(logFile: string): string[] {
  let text = '';
  try {
    text = readFileSync(logFile, 'utf8');
  } catch {
    return ['  (no log file)'];
  }
  return text
    .trimEnd()
    .split('\n')
    .slice(-SHOWN_LOG_LINES)
    .map((raw) => {
      try {
        return `  ${shortLine(JSON.parse(raw))}`;
      } catch {
        return `  ${raw.slice(0, 200)}`;
      }
    });
}

/** The last lines logged by the servers this worker started and by `others` (url → log file). */
export function describeServers(others: Record<string, string> = {}): string {
  const servers = { ...others, ...Object.fromEntries(runningServers) };
  const described = Object.entries(servers).map(([url, logFile]) =>
    [`server ${url}`, ...lastLines(logFile)].join('\n'),
  );
  return described.length === 0 ? 'no server running' : described.join('\n');
}

/**
 * Starts the real server on a free port with a data directory of its own and the demo laboratory.
 * Extra variables (a short ACCESS_TOKEN_TTL_SECONDS…) let one journey run its own instance. The
 * directory is a copy of the run's template (global-setup.ts), so that the server restarts where
 * a first start would migrate and seed for about 8 s, unless a variable changes what a first start
 * does or `from` says otherwise ('nothing': a first start; a directory: a copy of it).
 */
export async function startServer(
  env: Record<string, string> = {},
  from: 'template' | 'nothing' | { dataDir: string } = 'template',
): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sil-e2e-'));
  const template =
    from === 'template' && !FIRST_START_VARIABLES.some((name) => name in env)
      ? inject('serverTemplate')
      : typeof from === 'object'
        ? from.dataDir
        : undefined;
  if (template) cpSync(template, dataDir, { recursive: true });
  const child: ChildProcess = spawn(
    process.execPath,
    ['--enable-source-maps', 'packages/server/dist/main.js'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO: 'true',
        LOG_LEVEL: 'info',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const logs: LogLine[] = [];
  mkdirSync(SERVER_LOGS, { recursive: true });
  const logFile = path.join(SERVER_LOGS, `${path.basename(dataDir)}.jsonl`);
  const logCopy = createWriteStream(logFile);
  const waiters = new Set<(line: LogLine) => void>();
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  if (!child.stdout) throw new Error('The server has no standard output');
  const output = createInterface({ input: child.stdout });
  // Closed once the output has ended, which may be after the process's exit: no line is written late.
  output.once('close', () => logCopy.end());
  output.on('line', (text) => {
    logCopy.write(`${text}\n`);
    try {
      const line: LogLine = JSON.parse(text);
      logs.push(line);
      for (const waiter of waiters) waiter(line);
    } catch {
      // Not a JSON log line (a stray print): not something a journey waits for.
    }
  });

  const waitForLog = (test: (line: LogLine) => boolean, timeoutMs = 30_000) =>
    new Promise<LogLine>((resolve, reject) => {
      const found = logs.find(test);
      if (found) return resolve(found);
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(
          new Error(`No matching server log line within ${timeoutMs} ms. stderr:\n${stderr.slice(-2000)}`),
        );
      }, timeoutMs);
      const waiter = (line: LogLine) => {
        if (!test(line)) return;
        clearTimeout(timer);
        waiters.delete(waiter);
        resolve(line);
      };
      waiters.add(waiter);
    });

  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (options: { keepDataDir?: boolean } = {}) => {
    runningServers.delete(running.url);
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      let killed = false;
      const killer = setTimeout(() => {
        killed = true;
        child.kill('SIGKILL');
      }, 5000);
      await exited;
      clearTimeout(killer);
      // A database killed mid-write is no template.
      if (killed && options.keepDataDir) throw new Error(`The server of ${dataDir} did not stop within 5 s`);
    }
    if (!options.keepDataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  const running: RunningServer = { url: '', logs, waitForLog, stop, dataDir, logFile };
  try {
    const ready = await Promise.race([
      waitForLog((line) => line.msg === 'Server listening' && typeof line.address === 'string', 90_000),
      exited.then(() => {
        throw new Error(`The server stopped before listening:\n${stderr.slice(-3000)}`);
      }),
    ]);
    running.url = String(ready.address).replace(/\/$/, '');
    runningServers.set(running.url, logFile);
    return running;
  } catch (error) {
    await stop();
    throw error;
  }
}
