import { randomUUID } from 'node:crypto';
import { defineConfig } from '@playwright/test';

// One petstore-mock for the run and the app on its own port; each test in a session of its
// own (fixtures.ts), named after the run, so that write-pact.ts finds this run's sessions.
const MOCK = Number(process.env.MOCK_PORT ?? 4010);
const APP = Number(process.env.APP_PORT ?? 5173);
process.env.PACT_RUN ??= randomUUID().slice(0, 8);

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  workers: 2,
  fullyParallel: true,
  globalTeardown: './write-pact.ts',
  webServer: [
    {
      command: `npx petstore-mock --port ${MOCK} --quiet`,
      url: `http://127.0.0.1:${MOCK}/__mock/sessions`,
      reuseExistingServer: !process.env.CI,
    },
    { command: `node serve-app.mjs ${APP} ${MOCK}`, url: `http://127.0.0.1:${APP}/` },
  ],
  use: {
    baseURL: `http://127.0.0.1:${APP}`,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu'],
    },
  },
});
