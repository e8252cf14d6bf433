import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['*.test.ts'],
    exclude: ['msw-adapter.test.ts'],
    setupFiles: ['./pact-setup.ts'],
    globalSetup: ['./pact-global-setup.ts'],
  },
});
