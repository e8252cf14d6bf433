/**
 * Whether a test is running, as opposed to a set-up hook: vitest's `expect.soft` only works
 * in a test. The suite's setup file (test-scope.setup.ts) marks each test's start and end,
 * keeping its context so that a test can be skipped from deep inside the harness.
 */
import type { TestContext } from 'vitest';

const scope = globalThis as { petstoreContractTest?: TestContext };

/** Called by the setup file's hooks around every test: its context, then undefined. */
export function markTest(context: TestContext | undefined): void {
  scope.petstoreContractTest = context;
}

/** True while a test (not a beforeAll or afterAll hook) runs. */
export const inTest = (): boolean => scope.petstoreContractTest !== undefined;

/**
 * Ends the running test as skipped with `note`, when nothing in it failed so far; otherwise
 * (or in a set-up hook) throws `error`, which the reporter reads as the same skip (reporter.ts).
 */
export function skipTest(note: string, error: Error): never {
  const context = scope.petstoreContractTest;
  const result = context?.task.result;
  if (context && (result?.errors?.length ?? 0) === 0) {
    // Kept on the result too: a property of fast-check catches the skip's own error.
    if (result) Object.assign(result, { note });
    context.skip(note);
  }
  throw error;
}
