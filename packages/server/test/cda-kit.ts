import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The national CDA test kit beside the repository (../shared/data/cda), never copied into it. */
export const KIT_DIR = path.resolve(import.meta.dirname, '../../../../shared/data/cda');
const SAXON = '/usr/share/java/Saxon-HE.jar';
const STYLESHEETS = {
  structure: 'schematrons/profils/CI-SIS_StructurationMinimale.xsl',
  'cr-bio': 'schematrons/CI-SIS_CR-BIO_2021.01.xsl',
};

/** What is missing to run the kit: Saxon-HE, xmllint or java (.ci/run installs them). */
export function missingKitTools(): string[] {
  const missing = existsSync(SAXON) ? [] : ['Saxon-HE (apt-get install -y libsaxonhe-java)'];
  for (const tool of ['xmllint', 'java'])
    if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0) missing.push(tool);
  return missing;
}

/** The failed assertions of one schematron report (SVRL): where, and what the kit says. */
function failedAssertions(svrl: string): string[] {
  return [
    ...svrl.matchAll(/<svrl:failed-assert[^>]*location="([^"]*)"[^>]*>([\s\S]*?)<\/svrl:failed-assert>/g),
  ].map(
    ([, location, body]) =>
      `${location}: ${(body ?? '')
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()}`,
  );
}

/**
 * Runs the kit's three checks as its validate.sh does (the CDA schema with the French extensions by
 * xmllint, then the minimal-structure and CR-BIO schematrons by Saxon-HE), each once over every
 * document, so that the JVM starts twice whatever their number. Answers each document's failures.
 */
export function runKit(documents: Record<string, string>): Record<string, string[]> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'cda-kit-'));
  const input = path.join(folder, 'in');
  mkdirSync(input);
  const failures: Record<string, string[]> = {};
  for (const [name, text] of Object.entries(documents)) {
    writeFileSync(path.join(input, `${name}.xml`), text);
    failures[name] = [];
  }
  const files = Object.keys(documents).map((name) => path.join(input, `${name}.xml`));
  const schema = spawnSync(
    'xmllint',
    ['--noout', '--schema', path.join(KIT_DIR, 'infrastructure/cda/CDA_extended.xsd'), ...files],
    { encoding: 'utf8' },
  );
  for (const line of schema.stderr.split('\n')) {
    const name = Object.keys(documents).find((each) => line.startsWith(path.join(input, `${each}.xml`)));
    if (name && !line.endsWith(' validates')) failures[name]?.push(`schema: ${line.slice(input.length + 1)}`);
  }
  for (const [check, stylesheet] of Object.entries(STYLESHEETS)) {
    const output = path.join(folder, check);
    mkdirSync(output);
    execFileSync(
      'java',
      [
        '-cp',
        SAXON,
        'net.sf.saxon.Transform',
        `-s:${input}`,
        `-xsl:${path.join(KIT_DIR, stylesheet)}`,
        `-o:${output}`,
      ],
      { stdio: 'pipe' },
    );
    for (const file of readdirSync(output)) {
      const name = file.replace(/\.xml$/, '');
      for (const failure of failedAssertions(readFileSync(path.join(output, file), 'utf8')))
        failures[name]?.push(`${check}: ${failure}`);
    }
  }
  return failures;
}
