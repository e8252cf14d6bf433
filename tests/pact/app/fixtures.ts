import { test as base } from '@playwright/test';

/** Every test in a session of its own, named after the run (PACT_RUN, set by the config). */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    const session = `pet-app-${process.env.PACT_RUN}-${testInfo.testId}-${testInfo.retry}`;
    await use({ ...extraHTTPHeaders, 'X-Mock-Session': session });
  },
});

export { expect } from '@playwright/test';
