/**
 * Setup file of the suite's vitest config. Vitest evaluates it before every suite file, so
 * these hooks wrap every test of every file.
 */
import { aroundEach, beforeAll, expect } from 'vitest';
import { learnNameLimit } from './names.ts';
import { runAsTest } from './test-scope.ts';

// The name limit is learned by creating animals: after the file that must see the server
// before any creation (0-empty-start), before every other.
beforeAll(async () => {
  const path = expect.getState().testPath ?? '';
  if (!/0-empty-start\.contract\.ts$/.test(path)) await learnNameLimit();
});

aroundEach((runTest, context) => {
  // Vitest refuses an annotation once a test has failed (a soft failure ends its "run" state)
  // and prints its refusal into the report: a note made then is kept beside it instead.
  const annotate = context.annotate.bind(context);
  (context as { annotate: unknown }).annotate = ((message: string, ...rest: never[]) => {
    const state = context.task.result?.state;
    if (state === undefined || state === 'run') return annotate(message, ...rest);
    const meta = context.task.meta as { lateNotes?: string[] };
    meta.lateNotes = [...(meta.lateNotes ?? []), message];
    return Promise.resolve({ message, type: 'notice' });
  }) as typeof context.annotate;
  return runAsTest(context, runTest).finally(() => withoutStacks(context.task.result?.errors));
});

/**
 * Marks a failed test's errors as having no stack frames to show. The report never shows a
 * stack (reporter.ts: a finding is its message), but vitest's main thread maps every frame of
 * every error through source maps, reading and searching each file again (vitest's and chai's
 * too): 2.5 s of CPU in a run whose server breaks one rule in many tests. An error that has
 * `stacks` is taken as mapped already.
 */
function withoutStacks(errors: readonly object[] | undefined): void {
  for (const error of errors ?? []) Object.assign(error, { stacks: [] });
}
