import { randomUUID } from 'node:crypto';
import { test as base } from '@playwright/test';

// testInfo.testId is the same on every run, and a mock left running (reuseExistingServer)
// keeps every session: without this, a second run starts from the first run's animals.
const RUN = randomUUID().slice(0, 8);

/**
 * Every test in a session of its own: the browser page and the `request` fixture send
 * `X-Mock-Session` on every request, so parallel tests never see each other's animals,
 * resets or faults. The id is unique per run, test, repetition and retry (at most 64
 * characters: 8 for the run, 41 for the test id).
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    const session = `e2e-${RUN}-${testInfo.testId}-${testInfo.repeatEachIndex}-${testInfo.retry}`;
    await use({ ...extraHTTPHeaders, 'X-Mock-Session': session });
  },
});

export { expect } from '@playwright/test';

/** The API key the mock accepts by default. */
export const KEY = { Authorization: 'Bearer petstore-dev-key' };
