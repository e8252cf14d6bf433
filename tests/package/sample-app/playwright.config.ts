import { defineConfig } from '@playwright/test';

// One petstore-mock for every worker and every run, and the app's Vite dev server pointed at
// it; each test gets a session of its own (e2e/fixtures.ts). Run by petstore-gate --e2e, the
// suite talks to the gate's proxy in front of staging instead: PETSTORE_BASE_URL, with its key.
const GATE = process.env.PETSTORE_BASE_URL;
const MOCK_PORT = Number(process.env.MOCK_PORT ?? 4010);
const APP_PORT = Number(process.env.APP_PORT ?? 5173);
export const MOCK = GATE ? new URL(GATE).origin : `http://127.0.0.1:${MOCK_PORT}`;
export const KEY = process.env.PETSTORE_API_KEY ?? 'petstore-dev-key';

export default defineConfig({
  testDir: 'e2e',
  workers: 2,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  webServer: [
    ...(GATE
      ? []
      : [
          {
            command: `npx petstore-mock --port ${MOCK_PORT}`,
            url: `${MOCK}/__mock/sessions`,
            // A mock already running (yours, or the last run's) is used as it is: sessions
            // keep every test, and every run, apart.
            reuseExistingServer: true,
          },
        ]),
    {
      command: `npx vite --host 127.0.0.1 --port ${APP_PORT} --strictPort`,
      url: `http://127.0.0.1:${APP_PORT}`,
      env: { VITE_PETSTORE_URL: `${MOCK}/v1`, VITE_PETSTORE_KEY: KEY },
      reuseExistingServer: !process.env.CI,
    },
  ],
  use: {
    baseURL: `http://127.0.0.1:${APP_PORT}`,
    // A browser of the system's (CHROMIUM_PATH), or the one `npx playwright install` fetched.
    launchOptions: { executablePath: process.env.CHROMIUM_PATH },
  },
});
