import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { SERVER_LOGS, startServer } from './server.js';
import { E2E_WORKERS } from './workers.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One shared server per worker (shared-server.ts). */
    baseUrls: string[];
    /** Their log files, by address, for what a failed journey prints (on-failure.ts). */
    sharedServerLogs: Record<string, string>;
  }
}

/**
 * The demo laboratory's first start (migrations, catalogue, records), once: every server of the run
 * starts from a copy of its data directory (server.ts). Then one shared server per worker for the
 * journeys, stopped when the run ends.
 */
export default async function setup(project: TestProject) {
  rmSync(SERVER_LOGS, { recursive: true, force: true });
  const first = await startServer({}, 'nothing');
  const template = { dataDir: first.dataDir };
  const removeTemplate = () => rmSync(template.dataDir, { recursive: true, force: true });
  await first.stop({ keepDataDir: true }).catch((error: unknown) => {
    removeTemplate();
    throw error;
  });
  project.provide('serverTemplate', template.dataDir);
  const servers = await Promise.all(
    Array.from({ length: E2E_WORKERS }, () => startServer({}, template)),
  ).catch((error: unknown) => {
    removeTemplate();
    throw error;
  });
  project.provide(
    'baseUrls',
    servers.map((server) => server.url),
  );
  project.provide(
    'sharedServerLogs',
    Object.fromEntries(servers.map((server) => [server.url, server.logFile])),
  );
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    removeTemplate();
  };
}
