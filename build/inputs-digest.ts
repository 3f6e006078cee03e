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

/** A build that `npm start` redoes only when its inputs changed. */
export interface StampedBuild {
  /** A file the build makes: without it the build is not there, whatever the stamp says. */
  output: string;
  /** Where the build leaves the digest of what it was made from. */
  stamp: string;
  inputs: readonly string[];
  /** The inputs' paths enter the digest relative to it, so that a copy elsewhere still matches. */
  root: string;
}

/** The digest of the build's inputs as they are now. */
export const digestOf = (build: StampedBuild) => inputsDigest(build.inputs, build.root);

/** True when the build's output is there and was made from exactly the inputs there are now. */
export async function isCurrent(build: StampedBuild): Promise<boolean> {
  if (!existsSync(build.output)) return false;
  const previous = await readFile(build.stamp, 'utf8').catch(() => '');
  return previous.trim() === (await digestOf(build));
}

/** Leaves the digest taken when the build started: a file saved during the build counts as a change. */
export async function writeStamp(build: StampedBuild, digest: Promise<string>): Promise<void> {
  await writeFile(build.stamp, `${await digest}\n`);
}
