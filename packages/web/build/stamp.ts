import path from 'node:path';
import type { Plugin } from 'vite';
import { digestOf, isCurrent, type StampedBuild, writeStamp } from '../../../build/inputs-digest.js';

const WEB = path.resolve(import.meta.dirname, '..');
const REPO = path.resolve(WEB, '../..');
export const DIST = path.join(WEB, 'dist');

/** Everything the built app depends on: its sources, the contract it imports, its tooling, the lock file. */
const BUILD_INPUTS = [
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

const WEB_BUILD: StampedBuild = {
  output: path.join(DIST, 'index.html'),
  stamp: path.join(DIST, '.build-stamp'),
  inputs: BUILD_INPUTS,
  root: REPO,
};

/** True when dist holds a build made from exactly the inputs there are now. */
export const builtFromCurrentSources = () => isCurrent(WEB_BUILD);

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
      digest = digestOf(WEB_BUILD);
    },
    async closeBundle() {
      if (digest) await writeStamp(WEB_BUILD, digest);
    },
  };
}
