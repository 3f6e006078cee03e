import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const serverDir = path.resolve(import.meta.dirname, '..');

/**
 * A server started from main.ts in a process of its own (tests kill it for real), from the sources so
 * that integration tests need no build; `npm start` runs the same entry point bundled.
 */
export interface ChildServer {
  child: ChildProcess;
  url: string;
  output(): string;
  /** Resolves with the exit code, or the signal that ended the process. */
  exited: Promise<number | string>;
}

function spawnServer(env: Record<string, string>) {
  // `node --import tsx` rather than the tsx command: the pid we signal is the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      WEB_DIST_DIR: '/nonexistent',
      LOG_LEVEL: 'info',
      INIT_CWD: serverDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return { child, exited, output: () => output };
}

/** Starts a server and waits until it listens; fails with its output if it stops first. */
export async function startChildServer(env: Record<string, string>): Promise<ChildServer> {
  const started = spawnServer(env);
  const url = await new Promise<string>((resolve, reject) => {
    const look = () => {
      const line = started
        .output()
        .split('\n')
        .find((l) => l.includes('"Server listening"'));
      if (line) {
        started.child.stdout?.off('data', look);
        resolve(JSON.parse(line).address as string);
      }
    };
    started.child.stdout?.on('data', look);
    void started.exited.then((code) => reject(new Error(`server exited (${code}): ${started.output()}`)));
  });
  return { ...started, url };
}

/** Runs a server that is expected to refuse to start: its exit code and output. */
export async function runChildServerToExit(env: Record<string, string>, timeoutMs = 30_000) {
  const started = spawnServer(env);
  const timer = setTimeout(() => started.child.kill('SIGKILL'), timeoutMs);
  const code = await started.exited;
  clearTimeout(timer);
  return { code, output: started.output() };
}

/** Stops a server: SIGKILL as a crash would, SIGTERM as an operator would. */
export async function stopChildServer(server: ChildServer | undefined, signal: NodeJS.Signals = 'SIGTERM') {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill(signal);
  await server.exited;
}
