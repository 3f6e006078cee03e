import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { builtFromCurrentSources } from './stamp.js';

// `npm start` builds the web app only when its sources changed since the last build (any build:
// `npm run build` and the e2e tests leave the same stamp).
if (await builtFromCurrentSources()) {
  process.stdout.write('web app unchanged since its last build: not rebuilt\n');
} else {
  const build = spawnSync('npx', ['vite', 'build'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
