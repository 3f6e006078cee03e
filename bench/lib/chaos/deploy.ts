import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const script = (name: string) => path.join(REPO_ROOT, 'deploy', name);

/** The ports of the recipe for the chaos run: away from the recipe's defaults and the tests'. */
export const CHAOS_PORTS = {
  http: Number(process.env.BENCH_CHAOS_HTTP_PORT ?? 18480),
  servers: (process.env.BENCH_CHAOS_SERVER_PORTS ?? '3211 3212 3213').split(/\s+/).map(Number),
  primary: Number(process.env.BENCH_CHAOS_PRIMARY_PORT ?? 55462),
  replica: Number(process.env.BENCH_CHAOS_REPLICA_PORT ?? 55463),
};

/**
 * The deployment recipe (deploy/start.sh: nginx, three server copies, a PostgreSQL primary and its
 * streaming replica) in a folder of its own, and what the chaos run does to it: a copy killed with
 * SIGKILL and started again (deploy/start-copy.sh), the replica restarted.
 */
export class Deployment {
  private constructor(readonly work: string) {}

  readonly baseUrl = `http://127.0.0.1:${CHAOS_PORTS.http}`;
  readonly primaryUrl = `postgres://postgres@127.0.0.1:${CHAOS_PORTS.primary}/laboratory`;

  static async start(): Promise<Deployment> {
    const work = await mkdtemp(path.join(os.tmpdir(), 'sil-chaos-'));
    // The clusters belong to the postgres user when run as root (postgres-pair.sh): it must get in.
    await chmod(work, 0o755);
    const deployment = new Deployment(work);
    try {
      await run(script('start.sh'), [work], {
        env: {
          ...process.env,
          HTTP_PORT: String(CHAOS_PORTS.http),
          SERVER_PORTS: CHAOS_PORTS.servers.join(' '),
          PRIMARY_PORT: String(CHAOS_PORTS.primary),
          REPLICA_PORT: String(CHAOS_PORTS.replica),
        },
        timeout: 300_000,
      });
    } catch (error) {
      await deployment.stop();
      throw error;
    }
    return deployment;
  }

  /** SIGKILL to one copy: no shutdown, its calls in flight cut, its transactions rolled back by PostgreSQL. */
  async killCopy(port: number): Promise<void> {
    const pid = Number(await readFile(path.join(this.work, `server-${port}.pid`), 'utf8'));
    process.kill(pid, 'SIGKILL');
  }

  /** Starts the copy again as start.sh did; answers how long until it answered its health check. */
  async startCopy(port: number): Promise<number> {
    const started = performance.now();
    await run(script('start-copy.sh'), [this.work, String(port)], { timeout: 120_000 });
    return performance.now() - started;
  }

  /** Restarts the replica (fast shutdown, then start with the same options); answers its duration. */
  async restartReplica(): Promise<number> {
    const started = performance.now();
    const pgBin = process.env.PG_BIN ?? (await newestPgBin());
    // Its output to its log (as postgres-pair.sh starts it), not to a pipe this process would wait on.
    const ctl = [
      path.join(pgBin, 'pg_ctl'),
      '-D',
      path.join(this.work, 'postgres/replica'),
      '-l',
      path.join(this.work, 'postgres/replica.log'),
      '-m',
      'fast',
      '-w',
    ];
    const command = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--', ...ctl] : ctl;
    const [file, ...args] = command;
    await run(file as string, [...args, 'restart'], { timeout: 120_000 });
    return performance.now() - started;
  }

  async stop(): Promise<void> {
    await run(script('stop.sh'), [this.work], { timeout: 120_000 }).catch((error: unknown) => {
      process.stderr.write(`chaos: deploy/stop.sh failed: ${String(error)}\n`);
    });
    if (!process.env.BENCH_CHAOS_KEEP) await rm(this.work, { recursive: true, force: true });
    else process.stderr.write(`chaos: deployment kept in ${this.work}\n`);
  }
}

async function newestPgBin(): Promise<string> {
  const { stdout } = await run('bash', ['-c', 'ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1']);
  return stdout.trim();
}
