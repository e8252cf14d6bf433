/**
 * Vite settings for the demo (`npm run demo` = `vite demo`): loopback only, and the
 * parent folder readable because the page imports the mock from ../mocks and ../spec.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  // Its own optimizer cache, so a cold start can be tested without touching vitest's.
  cacheDir: fileURLToPath(new URL('../node_modules/.vite-demo', import.meta.url)),
  server: { host: '127.0.0.1', port: 5173, fs: { allow: [projectRoot] } },
  preview: { host: '127.0.0.1', port: 4173 },
  build: { outDir: '../dist/demo', emptyOutDir: true },
});
