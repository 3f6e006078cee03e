import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const agentDir = path.resolve(import.meta.dirname, '../../agent');

/** The workstation agent as `npm run agent` starts it, in a process of its own that tests kill for real. */
export interface ChildAgent {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | string>;
}

/** Starts the agent with its relay to `serverUrl` (AGENT_* settings in `env`: credential, journal…). */
export function startChildAgent(env: Record<string, string>): ChildAgent {
  // `node --import tsx` rather than the tsx command: the pid we signal is the agent itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: agentDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return { child, exited, output: () => output };
}

export async function stopChildAgent(agent: ChildAgent | undefined, signal: NodeJS.Signals = 'SIGTERM') {
  if (!agent || agent.child.exitCode !== null || agent.child.signalCode !== null) return;
  agent.child.kill(signal);
  await agent.exited;
}
