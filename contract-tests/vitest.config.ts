import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { FileOrder } from './run/file-order.ts';

// The contract suite, run against a server by runContract (contract-tests/run/run.ts), which
// passes the options with vitest's \`provide\`. One worker thread without isolation loads the
// spec and its validators once for every suite file.
export default defineConfig({
  // Vite's cache (and vitest's module cache) in the temporary folder, not beside the suite:
  // installed, the suite sits in node_modules, which may be read-only.
  cacheDir: join(tmpdir(), 'petstore-contract-vite'),
  test: {
    root: import.meta.dirname,
    include: ['suite/*.contract.ts'],
    setupFiles: ['./harness/test-scope.setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'threads',
    isolate: false,
    maxWorkers: 1,
    sequence: { sequencer: FileOrder, shuffle: false },
    experimental: { fsModuleCache: true },
  },
});
