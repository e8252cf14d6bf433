/**
 * Which test is running, as opposed to a set-up hook: vitest's `expect.soft` only works in a
 * test. Independent tests run concurrently (options.concurrency), so "the running test" is
 * the one whose code is asking: the setup file (test-scope.setup.ts) runs each test inside an
 * async scope holding its context, and the harness reports through that test's own `expect`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ExpectStatic, TestContext } from 'vitest';

// One scope for the run: the setup file is evaluated again before every suite file.
const holder = globalThis as { petstoreContractTest?: AsyncLocalStorage<TestContext> };
holder.petstoreContractTest ??= new AsyncLocalStorage<TestContext>();
const scope = holder.petstoreContractTest;

/** Runs `test` (vitest's runTest of an aroundEach hook) as the test of `context`. */
export const runAsTest = (context: TestContext, test: () => Promise<void>): Promise<void> =>
  scope.run(context, test);

/** The running test's own `expect` (bound to it, so that soft failures land on it). */
export function testExpect(): ExpectStatic | undefined {
  return scope.getStore()?.expect;
}

/**
 * Ends the running test as skipped with `note`, when nothing in it failed so far; otherwise
 * (or in a set-up hook) throws `error`, which the reporter reads as the same skip (reporter.ts).
 */
export function skipTest(note: string, error: Error): never {
  const context = scope.getStore();
  const result = context?.task.result;
  if (context && (result?.errors?.length ?? 0) === 0) {
    // Kept on the result too: a property of fast-check catches the skip's own error.
    if (result) Object.assign(result, { note });
    context.skip(note);
  }
  throw error;
}
