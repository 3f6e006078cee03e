import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import type { ListCase } from './cases.js';
import { type Timing, timeCalls } from './measure.js';

export interface BareSqlServer {
  /** Times `calls` answers of the case at `index` of the list given at start, as the API's are timed. */
  time: (index: number, calls: number) => Promise<Timing>;
  stop: () => Promise<void>;
}

/**
 * Starts bare-sql-server.ts in its own process over the hand-written SQL of `cases`: beside the API,
 * the same page answered over HTTP with nothing else, so that the API's ratio to it is the price of
 * what the API does on top (the session, the count, the presentation), not of answering over HTTP.
 */
export async function startBareSqlServer(
  databaseUrl: string,
  cases: readonly ListCase[],
): Promise<BareSqlServer> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'bare-sql-server.ts')],
    {
      env: {
        ...process.env,
        BARE_DATABASE_URL: databaseUrl,
        BARE_CASES: JSON.stringify(cases.map(({ sql, params }) => ({ sql, params }))),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const [line] = (await Promise.race([
    once(child.stdout.setEncoding('utf8'), 'data'),
    once(child, 'exit').then(() => {
      throw new Error('the bare SQL server exited before listening');
    }),
  ])) as [string];
  const port = Number(/^listening (\d+)/.exec(line)?.[1]);
  if (!port) throw new Error(`the bare SQL server said ${line}`);
  return {
    time: (index, calls) =>
      timeCalls(calls, async () => {
        const response = await fetch(`http://127.0.0.1:${port}/${index}`);
        const body = await response.text();
        if (response.status !== 200)
          throw new Error(`bare SQL case ${index} answered ${response.status}: ${body}`);
        JSON.parse(body);
      }),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}
