import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * What `npm start` builds only when its inputs changed: the web app and the bundled server each
 * leave, beside what they built, the digest of the inputs they were built from.
 */

async function filesOf(entry: string): Promise<string[]> {
  if (!existsSync(entry)) return [];
  const entries = await readdir(entry, { withFileTypes: true }).catch(() => undefined);
  if (!entries) return [entry];
  const nested = await Promise.all(
    entries
      .filter((child) => !child.name.endsWith('.test.ts') && !child.name.endsWith('.test.tsx'))
      .map((child) => filesOf(path.join(entry, child.name))),
  );
  return nested.flat();
}

/**
 * A digest of the inputs' paths and contents. Contents, not modification times: a checkout or a
 * copy touches every file without changing what is built.
 */
export async function inputsDigest(inputs: readonly string[], root: string): Promise<string> {
  const files = (await Promise.all(inputs.map(filesOf))).flat().sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(path.relative(root, file)).update('\0');
    hash.update(await readFile(file)).update('\0');
  }
  return hash.digest('hex');
}

/** True when the stamp file holds the digest of the inputs as they are now. */
export async function stampMatches(stamp: string, digest: Promise<string> | string): Promise<boolean> {
  const previous = await readFile(stamp, 'utf8').catch(() => '');
  return previous.trim() === (await digest);
}

export async function writeStamp(stamp: string, digest: Promise<string> | string): Promise<void> {
  await writeFile(stamp, `${await digest}\n`);
}
