import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './e2e/workers.js';

/** Every core but one for the main process, and never fewer than two workers. */
const WORKERS = Math.max(2, availableParallelism() - 1);

/**
 * Three projects: unit tests beside the code, integration tests against a real database
 * (PGlite and, when TEST_DATABASE_URL is set, PostgreSQL), browser journeys in Chromium.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'packages/*/src/**/*.test.tsx',
            'packages/web/build/**/*.test.ts',
            'packages/server/build/**/*.test.ts',
            'build/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          environment: 'node',
          // Vitest's default leaves one core of two to itself: 127 s → 87 s with both.
          maxWorkers: WORKERS,
          // Property tests and lazily imported screens run long on a loaded two-core machine.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['packages/server/test/**/*.int.test.ts'],
          // Databases migrated once per run, each file's a copy (global-setup.ts).
          globalSetup: ['packages/server/test/global-setup.ts'],
          // The server's modules loaded once per worker, not once per file (about 4 s a file): these
          // files mock nothing and change no environment, and what the server keeps in memory is
          // kept per database. 534 s → 330 s for the whole project on a two-core machine.
          isolate: false,
          // A file spends much of its time waiting on PostgreSQL, another process: two files at once
          // even on two cores (there, 535 s → 410 s for the whole project against both databases).
          maxWorkers: WORKERS,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          setupFiles: ['e2e/on-failure.ts'],
          // Two journeys at once take up to twice as long each: the longest (48 s alone) needs room.
          testTimeout: 150_000,
          hookTimeout: 120_000,
          maxWorkers: E2E_WORKERS,
          // A screen's data can take more than expect.poll's default second to show on a busy machine
          // (two journeys at once); Playwright's own waits allow 30 s.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
