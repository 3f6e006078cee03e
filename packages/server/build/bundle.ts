import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { type BuildOptions, build, type Plugin } from 'esbuild';
import { digestOf, isCurrent, type StampedBuild, writeStamp } from '../../../build/inputs-digest.js';

const SERVER = path.resolve(import.meta.dirname, '..');
const REPO = path.resolve(SERVER, '../..');
const DIST = path.join(SERVER, 'dist');
/** What `npm start` runs: the server and the workspace packages it imports, as one ES module. */
export const SERVER_BUNDLE = path.join(DIST, 'main.js');

/** Everything the bundle is made from: the server, the workspace packages it imports, their tooling. */
const BUILD_INPUTS = [
  path.join(SERVER, 'src'),
  path.join(SERVER, 'build'),
  path.join(SERVER, 'package.json'),
  path.join(REPO, 'packages/contract/src'),
  path.join(REPO, 'packages/documents/src'),
  path.join(REPO, 'build'),
  path.join(REPO, 'package-lock.json'),
];

/**
 * Installed packages bundled in rather than loaded from node_modules at start: mathjs is a thousand
 * small modules (about 0.6 s to load one by one, a few milliseconds once bundled), pure JavaScript
 * that reads no file of its own. Every other package stays external: some read files beside their
 * code (fonts, WebAssembly, version files), and all load faster than they would parse in the bundle.
 */
const BUNDLED_PACKAGES = /^mathjs(\/|$)/;

/**
 * Workspace packages (linked into node_modules, their sources TypeScript) and JSON files go into the
 * bundle, and so do the listed packages with whatever they import; any other package stays an import.
 */
const installedPackagesExternal: Plugin = {
  name: 'installed-packages-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      const inside =
        args.path.startsWith('@sil/') ||
        args.path.endsWith('.json') ||
        BUNDLED_PACKAGES.test(args.path) ||
        args.importer.includes(`${path.sep}node_modules${path.sep}`);
      return inside ? undefined : { external: true };
    });
  },
};

const SERVER_BUILD: StampedBuild = {
  output: SERVER_BUNDLE,
  stamp: path.join(DIST, '.build-stamp'),
  inputs: BUILD_INPUTS,
  root: REPO,
};

/** How esbuild makes the bundle (also what build/bundle.test.ts checks of it). */
export const SERVER_BUNDLE_OPTIONS = {
  entryPoints: [path.join(SERVER, 'src/main.ts')],
  outfile: SERVER_BUNDLE,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [installedPackagesExternal],
} satisfies BuildOptions;

/** True when dist holds a bundle made from exactly the inputs there are now. */
export const bundleIsCurrent = () => isCurrent(SERVER_BUILD);

/**
 * Builds dist/: the bundle with its source map (stack traces name the TypeScript lines) and the
 * migrations it applies at start, read from beside it. The stamp goes last, so that an interrupted
 * build is redone by the next start.
 */
export async function bundleServer(): Promise<void> {
  const digest = digestOf(SERVER_BUILD);
  await rm(DIST, { recursive: true, force: true });
  await build(SERVER_BUNDLE_OPTIONS);
  await cp(path.join(SERVER, 'src/db/migrations'), path.join(DIST, 'migrations'), { recursive: true });
  await writeStamp(SERVER_BUILD, digest);
}
