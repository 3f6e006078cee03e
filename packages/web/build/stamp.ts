import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

const WEB = path.resolve(import.meta.dirname, '..');
const REPO = path.resolve(WEB, '../..');
export const DIST = path.join(WEB, 'dist');
const STAMP = path.join(DIST, '.build-stamp');

/** Everything the built app depends on: its sources, the contract it imports, its tooling, the lock file. */
export const BUILD_INPUTS = [
  path.join(WEB, 'src'),
  path.join(WEB, 'public'),
  path.join(WEB, 'build'),
  path.join(WEB, 'index.html'),
  path.join(WEB, 'vite.config.ts'),
  path.join(WEB, 'postcss.config.cjs'),
  path.join(WEB, 'package.json'),
  path.join(REPO, 'packages/contract/src'),
  path.join(REPO, 'package-lock.json'),
];

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

/** True when dist holds a build made from exactly the inputs there are now. */
export async function builtFromCurrentSources(): Promise<boolean> {
  if (!existsSync(path.join(DIST, 'index.html'))) return false;
  const previous = await readFile(STAMP, 'utf8').catch(() => '');
  return previous.trim() === (await inputsDigest(BUILD_INPUTS, REPO));
}

/**
 * Vite plugin: every build leaves the digest of what it was built from, taken when it starts (a file
 * saved during the build then counts as a change).
 */
export function buildStamp(): Plugin {
  let digest: Promise<string> | undefined;
  return {
    name: 'sil-build-stamp',
    apply: 'build',
    buildStart() {
      digest = inputsDigest(BUILD_INPUTS, REPO);
    },
    async closeBundle() {
      if (digest) await writeFile(STAMP, `${await digest}\n`);
    },
  };
}
