import { defineConfig } from '@playwright/test';

// The parallel end-to-end suite (npm run test:e2e, part of npm test): two workers, every test
// in parallel, one petstore-mock for all of them started as users start it, each test in a
// session of its own (fixtures.ts). docs/testing.md shows a frontend's own config
// (tests/package/sample-app/), run from the packed package.
const PORT = Number(process.env.PETSTORE_E2E_PORT ?? 4391);

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  workers: 2,
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  reporter: [['list']],
  webServer: {
    command: `node scripts/bin/petstore-mock.js --port ${PORT}`,
    cwd: '../..',
    url: `http://127.0.0.1:${PORT}/__mock/sessions`,
    // A mock already listening (a developer's, or the previous local run's) is used as it is,
    // with the sessions earlier runs left in it: fixtures.ts names sessions per run for that.
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      // Debian's Chromium (.ci/run installs it); test tools cannot download browsers here.
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
});
