import { defineConfig } from 'vitest/config';

// The project's own tests. The contract suite (contract-tests/suite/*.contract.ts) has
// its own config and runs against a server through `npm run contract`.
export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    // tests/pact/app/ is a consumer's project: its tests run there, from the packed package.
    exclude: ['node_modules/**', 'dist/**', 'tests/pact/app/**'],
    // An empty folder per run where tests/package/installed.ts packs and installs the package.
    globalSetup: ['tests/package/work-dir.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
