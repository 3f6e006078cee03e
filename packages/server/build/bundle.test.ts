import { createRequire } from 'node:module';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { SERVER_BUNDLE, SERVER_BUNDLE_OPTIONS } from './bundle.js';

/**
 * Libraries that only some calls use: each is imported where it is first used, so that a restart
 * does not load it (docs/decisions/0022-server-runs-bundled.md, 'Loaded on first use').
 */
const LOADED_ON_FIRST_USE = [
  'pdfkit',
  '@cantoo/pdf-lib',
  'nodemailer',
  'web-push',
  'openid-client',
  'write-excel-file/node',
  // Each database's driver, when that database is opened; the job queue, when its queue starts.
  'pg',
  'drizzle-orm/node-postgres',
  'drizzle-orm/node-postgres/migrator',
  '@electric-sql/pglite',
  '@electric-sql/pglite/contrib/pg_trgm',
  'drizzle-orm/pglite',
  'drizzle-orm/pglite/migrator',
  'pg-boss',
];
/**
 * Libraries that synchronous code uses: required on first use (lib/on-first-use.ts, and the
 * barcode encoder of packages/documents), so the bundle must not import them at all.
 */
const REQUIRED_ON_FIRST_USE = ['bwip-js', 'xml-crypto', 'xpath', 'csv-parse/sync', '@medplum/core'];

describe('the server bundle', () => {
  it('imports the libraries of documents, mail, push, single sign-on, spreadsheets, databases, XML and CSV on first use only', async () => {
    const { metafile } = await build({
      ...SERVER_BUNDLE_OPTIONS,
      write: false,
      metafile: true,
      sourcemap: false,
    });
    const imports = Object.values(metafile.outputs).flatMap((output) => output.imports);
    const importedBy = (kind: string) =>
      new Set(imports.filter((imported) => imported.kind === kind).map((imported) => imported.path));
    const atStart = importedBy('import-statement');
    const onUse = importedBy('dynamic-import');
    for (const library of LOADED_ON_FIRST_USE) {
      expect(atStart, `${library} is imported at start`).not.toContain(library);
      expect(onUse, `${library} is not imported on use`).toContain(library);
    }
    const anyImport = new Set(imports.map((imported) => imported.path));
    for (const library of REQUIRED_ON_FIRST_USE) {
      expect(anyImport, `${library} is imported by the bundle`).not.toContain(library);
    }
    // The start still loads what it needs, so the check reads the real list of imports.
    expect(atStart).toContain('fastify');
  }, 60_000);

  it('finds the libraries it requires on first use from where the bundle runs', () => {
    // A library that does not resolve would fail the first label, INSi call or export, not the start.
    const requireFromBundle = createRequire(SERVER_BUNDLE);
    for (const library of REQUIRED_ON_FIRST_USE) {
      expect(() => requireFromBundle.resolve(library), library).not.toThrow();
    }
  });
});
