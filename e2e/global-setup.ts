import type { TestProject } from 'vitest/node';
import { startServer } from './server.js';
import { E2E_WORKERS } from './workers.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One shared server per worker (shared-server.ts). */
    baseUrls: string[];
  }
}

/** One server per worker for the journeys (demo laboratory, fresh data); stopped when the run ends. */
export default async function setup(project: TestProject) {
  const servers = await Promise.all(Array.from({ length: E2E_WORKERS }, () => startServer()));
  project.provide(
    'baseUrls',
    servers.map((server) => server.url),
  );
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
  };
}
