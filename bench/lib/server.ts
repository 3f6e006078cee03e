import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseVmRssMiB } from './figures.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The server as `npm start` runs it: `npm run bench` bundles it first when its sources changed. */
const SERVER_BUNDLE = path.join(REPO_ROOT, 'packages/server/dist/main.js');
const READY_MESSAGE = 'Server listening';
const READY_TIMEOUT_MS = 90_000;
const STOP_GRACE_MS = 5_000;

export interface ServerOptions {
  dataDir: string;
  /** PostgreSQL connection string; without it the server opens the embedded database in dataDir. */
  databaseUrl?: string;
}

export interface RunningServer {
  pid: number;
  baseUrl: string;
  /** Wall-clock time from spawning the process to the readiness log line, module loading included. */
  spawnToReadyMs: number;
  /** The server's own measure, from reading its configuration to listening (ready_ms in the log). */
  serverReadyMs: number | undefined;
  stop(): Promise<void>;
}

/** Every server this run started, so that an error or an interruption still stops them all. */
const runningServers = new Set<RunningServer>();

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function parseLogLine(line: string): Record<string, unknown> | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    const parsed: unknown = JSON.parse(line);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/**
 * Starts the real server as `npm start` runs it (node on the bundle, so the process id is the server
 * itself and its memory can be read) and resolves once it logs that it is listening.
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    SEED_DEMO: 'true',
    // Readiness is read from the info-level "Server listening" line.
    LOG_LEVEL: 'info',
    // Every login of the bench comes from one address; the limit must not cut the run short.
    THROTTLE_MAX_PER_ADDRESS: '1000000',
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else delete env.DATABASE_URL;

  const startedAt = performance.now();
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stderrTail: string[] = [];
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderrTail.push(chunk);
    if (stderrTail.length > 20) stderrTail.shift();
  });

  const stop = async () => {
    runningServers.delete(server);
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    if (!(await waitForExit(child, STOP_GRACE_MS))) {
      child.kill('SIGKILL');
      await waitForExit(child, STOP_GRACE_MS);
    }
  };
  const server: RunningServer = {
    pid: child.pid ?? -1,
    baseUrl: `http://127.0.0.1:${port}`,
    spawnToReadyMs: 0,
    serverReadyMs: undefined,
    stop,
  };
  runningServers.add(server);

  let onEarlyExit: ((code: number | null, signal: NodeJS.Signals | null) => void) | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`server not ready after ${READY_TIMEOUT_MS} ms`)),
        READY_TIMEOUT_MS,
      );
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      onEarlyExit = (code, signal) => {
        clearTimeout(timer);
        reject(
          new Error(`server exited before ready (${signal ?? code}): ${stderrTail.join('').slice(-800)}`),
        );
      };
      child.once('exit', onEarlyExit);
      // The log lines are read for the whole life of the process: an unread pipe would block the server.
      createInterface({ input: child.stdout! }).on('line', (line) => {
        const entry = parseLogLine(line);
        if (entry?.msg !== READY_MESSAGE || server.spawnToReadyMs > 0) return;
        server.spawnToReadyMs = Math.round(performance.now() - startedAt);
        server.serverReadyMs = typeof entry.ready_ms === 'number' ? entry.ready_ms : undefined;
        clearTimeout(timer);
        resolve();
      });
    });
  } catch (error) {
    await stop();
    throw error;
  } finally {
    if (onEarlyExit) child.off('exit', onEarlyExit);
  }
  return server;
}

export async function stopAllServers(): Promise<void> {
  await Promise.all([...runningServers].map((server) => server.stop()));
}

export async function residentMemoryMiB(pid: number): Promise<number | undefined> {
  try {
    return parseVmRssMiB(await readFile(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return undefined;
  }
}
