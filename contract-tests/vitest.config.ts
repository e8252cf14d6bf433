import { defineConfig } from 'vitest/config';

// The contract suite, run against a server by scripts/contract.ts (npm run contract),
// which passes the options through PETSTORE_* environment variables.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['suite/*.contract.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
  },
});
