import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Figure } from './figures.js';
import { rounded } from './figures.js';

const run = promisify(execFile);
const BENCH_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface NodeRun {
  node: string;
  figures: Figure[];
}

/** The in-process figures measured by a child on the given Node binary (tsx loads the sources). */
async function measureOn(nodeBinary: string): Promise<NodeRun> {
  const { stdout } = await run(nodeBinary, ['--import', 'tsx', 'in-process.ts'], {
    cwd: BENCH_DIR,
    maxBuffer: 16 * 1024 * 1024,
    env: process.env,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as NodeRun;
}

/**
 * The same in-process figures on the project's Node (the one running the bench) and on another
 * (the system's, `/usr/bin/node` unless `BENCH_COMPARE_NODE` names one), one after the other in one
 * run: each figure on the project's Node beside the other's, and their ratio. The server's figures
 * cannot be compared this way: the server refuses a Node older than 24 (decision 0025).
 */
export async function compareNodes(
  other = process.env.BENCH_COMPARE_NODE ?? '/usr/bin/node',
): Promise<Figure[]> {
  const project = await measureOn(process.execPath);
  const compared = await measureOn(other);
  return project.figures.map((figure) => {
    const peer = compared.figures.find((candidate) => candidate.figure === figure.figure);
    const ratio =
      typeof figure.value === 'number' && typeof peer?.value === 'number' && peer.value > 0
        ? rounded(figure.value / peer.value, 2)
        : undefined;
    return {
      ...figure,
      node: project.node,
      compared_node: compared.node,
      compared_value: peer?.value,
      ratio,
    };
  });
}
