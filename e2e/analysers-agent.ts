import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVER_LOGS } from './server.js';

const ROOT = path.resolve(import.meta.dirname, '..');

/** A loopback port nobody listens on now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

export interface RelayingAgent {
  /** What the agent logged so far (pino JSON lines). */
  log(): string;
  stop(): Promise<void>;
}

/**
 * The real workstation agent (`npm run agent`) as a laboratory starts it for its analysers: given
 * the server's address and the one-time enrolment code only, it exchanges the code for its own
 * credential (kept in a file), fetches its analysers and opens their links. Its log goes to
 * test-results/server-logs/ with the servers'.
 */
export function startRelayingAgent(serverUrl: string, enrolmentCode: string, port: number): RelayingAgent {
  const dir = mkdtempSync(path.join(tmpdir(), 'sil-relay-agent-'));
  mkdirSync(path.join(dir, 'scans'));
  mkdirSync(SERVER_LOGS, { recursive: true });
  const logFile = path.join(SERVER_LOGS, `agent-${path.basename(dir)}.log`);
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'packages/agent/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      AGENT_PORT: String(port),
      AGENT_SCAN_DIR: path.join(dir, 'scans'),
      AGENT_OUTPUT_DIR: path.join(dir, 'labels'),
      AGENT_SERVER_URL: serverUrl,
      AGENT_ENROLMENT_CODE: enrolmentCode,
      AGENT_CREDENTIAL_FILE: path.join(dir, 'credential'),
      AGENT_JOURNAL_DIR: path.join(dir, 'journal'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const file = createWriteStream(logFile);
  child.stdout?.pipe(file);
  child.stderr?.pipe(file);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    log: () => {
      try {
        return readFileSync(logFile, 'utf8');
      } catch {
        return '';
      }
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Connects to the agent's analyser listener, retrying while it is not open yet. */
export async function connectToAgent(port: number, timeoutMs = 30_000): Promise<Socket> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await new Promise<Socket>((resolve, reject) => {
        const socket = connect({ host: '127.0.0.1', port }, () => resolve(socket));
        socket.once('error', reject);
      });
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`The agent never listened on port ${port}: ${error}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
