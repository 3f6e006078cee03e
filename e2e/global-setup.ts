import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startServer } from './server.js';
import { E2E_WORKERS } from './workers.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One shared server per worker (shared-server.ts). */
    baseUrls: string[];
  }
}

/**
 * The demo laboratory's first start (migrations, catalogue, records), once: every server of the run
 * starts from a copy of its data directory (server.ts). Then one shared server per worker for the
 * journeys, stopped when the run ends.
 */
export default async function setup(project: TestProject) {
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
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    removeTemplate();
  };
}
