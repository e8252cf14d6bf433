import { randomUUID } from 'node:crypto';
import { test as base, expect } from '@playwright/test';
import { KEY, MOCK } from '../playwright.config';

// testInfo.testId is the same on every run, and a mock left running keeps its sessions:
// the run id gives every run fresh ones (and its animals names of their own).
export const RUN = randomUUID().slice(0, 8);

/** A request the app sent and what the mock answered, as GET /__mock/requests lists them. */
export type Sent = {
  operation: string | null;
  method: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  body?: unknown;
  status: number;
  fault?: { id: number };
};

/**
 * Every test in a session of its own: the page and the `request` fixture send
 * `X-Mock-Session` on every request (to the app, the API and the controls alike).
 * `sent(operation)` reads what the app sent for that operation from the session's journal.
 */
export const test = base.extend<{ sent: (operation: string) => Promise<Sent[]> }>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    const session = `${RUN}-${testInfo.testId}-${testInfo.repeatEachIndex}-${testInfo.retry}`;
    await use({ ...extraHTTPHeaders, 'X-Mock-Session': session });
  },
  sent: async ({ request }, use) => {
    await use(async (operation) => {
      const reply = await request.get(`${MOCK}/__mock/requests?operation=${operation}`);
      return (await reply.json()) as Sent[];
    });
  },
});

export { expect, KEY, MOCK };
