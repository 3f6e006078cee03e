import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { inputsDigest, stampMatches, writeStamp } from '../../../build/inputs-digest.js';

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
  path.join(REPO, 'build'),
  path.join(REPO, 'package-lock.json'),
];

/** True when dist holds a build made from exactly the inputs there are now. */
export async function builtFromCurrentSources(): Promise<boolean> {
  if (!existsSync(path.join(DIST, 'index.html'))) return false;
  return stampMatches(STAMP, inputsDigest(BUILD_INPUTS, REPO));
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
      if (digest) await writeStamp(STAMP, digest);
    },
  };
}
