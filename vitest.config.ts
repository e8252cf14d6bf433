import { defineConfig } from 'vitest/config';

// The project's own tests. The contract suite (contract-tests/suite/*.contract.ts) has
// its own config and runs against a server through `npm run contract`.
export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    // Recipes a consumer project runs from the packed package (tests/package/vitest-recipes.test.ts,
    // tests/pact/pact-package.test.ts).
    exclude: ['node_modules/**', 'dist/**', 'tests/package/recipes/**', 'tests/pact/app/**'],
    // An empty folder per run where tests/package/installed.ts packs and installs the package.
    globalSetup: ['tests/package/work-dir.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
