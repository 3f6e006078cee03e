import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.js';
import { buildStamp } from './build/stamp.js';

// In development the API runs beside Vite; in production the server serves the built files itself.
const api = 'http://localhost:3000';

/**
 * React Router's package exports only its development build (warnings and checks included); the
 * production build sits beside it. The built app takes that one: smaller first load, same API.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command }) => ({
  plugins: [react(), precompress(), buildStamp()],
  resolve:
    command === 'build' ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
  server: {
    proxy: { '/api': api, '/auth': api, '/reports': api },
  },
  // The manifest lets the first-load budget check follow what the login page really loads.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // Floating UI (popovers, menus, selects) in a chunk of its own: left to itself, the bundler
        // folds it into a chunk the first load already fetches though no first-load screen uses it.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [{ name: 'floating-ui', test: /node_modules[\\/]@floating-ui[\\/]/ }],
        },
      },
    },
  },
}));
