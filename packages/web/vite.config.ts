import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API runs beside Vite; in production the server serves the built files itself.
const api = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/api': api, '/auth': api, '/reports': api },
  },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
});
