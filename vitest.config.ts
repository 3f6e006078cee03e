import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

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
          // Property tests and lazily imported screens run long on a loaded two-core machine.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['packages/server/test/**/*.int.test.ts'],
          // A file spends much of its time waiting on PostgreSQL, another process: two files at once
          // even on two cores (there, 535 s → 410 s for the whole project against both databases).
          maxWorkers: Math.max(2, availableParallelism() - 1),
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
