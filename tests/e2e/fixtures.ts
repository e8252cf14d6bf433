import { test as base } from '@playwright/test';

/**
 * Every test in a session of its own: the browser page and the `request` fixture send
 * `X-Mock-Session` on every request, so parallel tests never see each other's animals,
 * resets or faults. The id is unique per test, repetition and retry.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    const session = `e2e-${testInfo.testId}-${testInfo.repeatEachIndex}-${testInfo.retry}`;
    await use({ ...extraHTTPHeaders, 'X-Mock-Session': session });
  },
});

export { expect } from '@playwright/test';

/** The API key the mock accepts by default. */
export const KEY = { Authorization: 'Bearer petstore-dev-key' };
