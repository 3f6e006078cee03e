import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.js';
import { buildStamp } from './build/stamp.js';

// In development the API runs beside Vite; in production the server serves the built files itself.
const api = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), precompress(), buildStamp()],
  server: {
    proxy: { '/api': api, '/auth': api, '/reports': api },
  },
  // The manifest lets the first-load budget check follow what the login page really loads.
  build: { outDir: 'dist', emptyOutDir: true, manifest: true, chunkSizeWarningLimit: 1500 },
});
