/**
 * This repository's Playwright suite (tests/e2e) run twice against one mock left running,
 * as `reuseExistingServer` does on a developer's machine: the second run must not inherit the
 * first run's animals, so the fixture's session ids must differ from one run to the next.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../../lib/ports.ts';
import { runProcess } from '../../lib/run-process.ts';
import { startMockServer } from '../../mocks/testing/local-mock.ts';
import { ROOT, userEnv } from '../package/shipped-mock.ts';

let mock: Awaited<ReturnType<typeof startMockServer>>;

beforeAll(async () => {
  mock = await startMockServer({ port: await freePort() });
});

afterAll(() => mock?.close());

/** One run of the recipe's API-only tests (no browser) against the mock already running. */
async function runRecipe() {
  const env = userEnv();
  delete env.CI;
  return runProcess(
    'npx',
    [
      'playwright',
      'test',
      '-c',
      'tests/e2e/playwright.config.ts',
      '-g',
      'creates, lists and fetches|sees only the seed animals',
    ],
    {
      cwd: ROOT,
      baseEnv: env,
      env: { PETSTORE_E2E_PORT: new URL(mock.origin).port },
      timeoutMs: 110_000,
    },
  );
}

it('passes twice in a row against one mock left running', { timeout: 240_000 }, async () => {
  const first = await runRecipe();
  expect(first.code, first.output).toBe(0);
  expect(first.output).toMatch(/2 passed/);
  const second = await runRecipe();
  expect(second.code, second.output).toBe(0);
  expect(second.output).toMatch(/2 passed/);
});
