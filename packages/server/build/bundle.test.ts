import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { SERVER_BUNDLE_OPTIONS } from './bundle.js';

/**
 * Libraries that only some calls use: each is imported where it is first used, so that a restart
 * does not load it (docs/decisions/0022-server-runs-bundled.md, 'Loaded on first use').
 */
const LOADED_ON_FIRST_USE = ['pdfkit', 'pdf-lib', 'nodemailer', 'web-push', 'openid-client', 'exceljs'];

describe('the server bundle', () => {
  it('imports the libraries of documents, mail, push, single sign-on and spreadsheets on first use only', async () => {
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
    // The start still loads what it needs, so the check reads the real list of imports.
    expect(atStart).toContain('fastify');
  }, 60_000);
});
