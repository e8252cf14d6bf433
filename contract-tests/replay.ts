/**
 * Runs a fast-check property with the run's seed and number of runs; a failure is
 * shrunk and reported with the seed that replays it (`--seed`).
 */
import fc from 'fast-check';
import { options } from './harness.ts';

/** Asserts an async property, stopping at the first failing (shrunk) case. */
export async function replayable<T>(
  property: fc.IAsyncProperty<T>,
  runs = options.runs,
): Promise<void> {
  const details = await fc.check(property, {
    seed: options.seed,
    numRuns: runs,
    endOnFailure: false,
  });
  if (!details.failed) return;
  const example = details.counterexample ? fc.stringify(details.counterexample) : '(none)';
  throw new Error(
    `A generated case failed after ${details.numRuns} run(s), shrunk ${details.numShrinks} time(s).\n` +
      `Counterexample: ${example}\nReplay with: --seed ${options.seed} (fast-check path ${details.counterexamplePath})\n` +
      `${details.errorInstance instanceof Error ? details.errorInstance.message : ''}`,
  );
}
