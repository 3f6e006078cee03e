import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const fixture = path.join(root, 'packages/server/test/fixtures/boundaries');
const run = promisify(execFile);

/** Runs the boundary checker of `npm run lint` with the project's own rules on a tree. */
async function cruise(cwd: string): Promise<{ failed: boolean; output: string }> {
  const bin = path.join(root, 'node_modules/.bin/depcruise');
  const args = [
    'packages',
    'bench',
    '--config',
    path.join(root, '.dependency-cruiser.cjs'),
    '--output-type',
    'err',
  ];
  try {
    const { stdout } = await run(bin, args, { cwd });
    return { failed: false, output: stdout };
  } catch (error) {
    const { stdout } = error as { stdout: string };
    return { failed: true, output: stdout };
  }
}

describe('the boundary checker', () => {
  it('fails on a tree that breaks each rule, naming each offence', async () => {
    const { failed, output } = await cruise(fixture);
    expect(failed).toBe(true);
    expect(output).toContain(
      'server-module-insides: packages/server/src/modules/beta/nested/bad.ts → packages/server/src/modules/alpha/inner.ts',
    );
    expect(output).toContain(
      'server-lib-imports-no-module: packages/server/src/lib/shared.ts → packages/server/src/modules/alpha/index.ts',
    );
    expect(output).toContain('no-circular: packages/server/src/modules/gamma/one.ts');
    expect(output).toContain(
      'web-feature-insides: packages/web/src/features/left/page.ts → packages/web/src/features/right/inner.ts',
    );
    expect(output).toContain(
      'server-module-imports-no-seed: packages/server/src/modules/beta/tables.ts → packages/server/src/seed/demo.ts',
    );
    expect(output).toContain(
      'table-owner-records: packages/server/src/modules/beta/tables.ts → packages/server/src/db/schema/records.ts',
    );
    expect(output).toContain(
      'server-module-imports-table-files: packages/server/src/modules/beta/tables.ts → packages/server/src/db/schema/index.ts',
    );
    expect(output).toContain(
      'table-file-has-owner: packages/server/src/modules/beta/tables.ts → packages/server/src/db/schema/strays.ts',
    );
    expect(output).toContain(
      'web-feature-imports-no-app: packages/web/src/features/left/shell.ts → packages/web/src/app/router.ts',
    );
    expect(output).toContain(
      'web-app-uses-feature-face: packages/web/src/app/router.ts → packages/web/src/features/right/inner.ts',
    );
    expect(output).toContain(
      'web-shared-imports-no-feature: packages/web/src/lib/shared.ts → packages/web/src/features/left/page.ts',
    );
    expect(output).toContain(
      'bench-imports-no-server-source: bench/run.ts → packages/server/src/seed/demo.ts',
    );
    // Going through a module's face, reading its tables through its tables.ts, and reading a shared
    // table file are allowed.
    expect(output).not.toContain('modules/beta/good.ts');
    expect(output).not.toContain('modules/beta/reads.ts');
  }, 60_000);
});
