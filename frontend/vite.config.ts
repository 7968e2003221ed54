import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { initialSize } from './build/initial-size.ts';

// The gateway serves /api and socket.io on port 3000; in development Vite forwards both so the
// session cookie stays first-party. Keep the Host header (no changeOrigin): the gateway's Origin
// check compares the browser's Origin with the request's own host.
const gateway = 'http://localhost:3000';
const proxy = {
  '/api': { target: gateway },
  '/socket.io': { target: gateway, ws: true },
};

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), initialSize()],
  resolve: { alias: { '@': resolve(import.meta.dirname, 'src') } },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: resolve(import.meta.dirname, 'dist'),
    emptyOutDir: true,
  },
  test: {
    environment: 'node',
    include: ['src/**/*.spec.ts'],
    // Let stylesheets through (as `?raw` text) so a test can check them for physical properties.
    css: { include: [/\.css(\?|$)/] },
  },
});
