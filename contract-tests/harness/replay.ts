/**
 * Generated cases: a fast-check property runs with the run's seed and number of runs; a
 * failing case is shrunk, and only the shrunk one is reported, with the seed replaying it.
 */
import fc from 'fast-check';
import type { Check, Failure } from '../../spec/checks/check.ts';
import type { Exchange } from '../client/http.ts';
import { renderFailure } from '../report/report.ts';
import { judge, options, recordFailure } from './harness.ts';

/** The failures of one generated case (thrown so fast-check can shrink the case). */
export class ChecksFailed extends Error {
  override name = 'ChecksFailed';
  constructor(readonly failures: { failure: Failure; exchange: Exchange }[]) {
    super(failures.map(({ failure, exchange }) => renderFailure(failure, exchange)).join('\n\n'));
  }
}

/** Throws every failed check of one exchange at once, for generated cases. */
export function assertConforms(exchange: Exchange, ...checks: Check[]): void {
  const failures = judge(exchange, checks).map((failure) => ({ failure, exchange }));
  if (failures.length > 0) throw new ChecksFailed(failures);
}

/**
 * Generated cases checked side by side, in groups of this many: a far server answers each
 * request late, not slowly. It divides every depth's runs (5, 25, 150), and being fixed, a
 * seed replays the same cases at any --concurrency.
 */
export const SIDE_BY_SIDE = 5;

/** Runs `check` on every value at once; once all are done, throws the first failure. */
export async function eachAtOnce<T>(
  values: readonly T[],
  check: (value: T) => Promise<void>,
): Promise<void> {
  const done = await Promise.allSettled(values.map(check));
  const failed = done.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * Asserts that `check` passes for `runs` generated values, SIDE_BY_SIDE at a time, reporting
 * only the shrunk failing group.
 */
export function replayableSideBySide<T>(
  values: fc.Arbitrary<T>,
  check: (value: T) => Promise<void>,
  runs = options.runs,
): Promise<void> {
  const group = fc.array(values, { minLength: SIDE_BY_SIDE, maxLength: SIDE_BY_SIDE });
  return replayable(
    fc.asyncProperty(group, (each) => eachAtOnce(each, check)),
    Math.max(1, Math.ceil(runs / SIDE_BY_SIDE)),
  );
}

/** Asserts an async property, reporting only the shrunk failing case. */
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
  const shown = fc.stringify(details.counterexample);
  const note =
    `generated case ${shown.length > 300 ? `${shown.slice(0, 300)}…` : shown}, shrunk ` +
    `${details.numShrinks} time(s); replay with --seed ${options.seed}`;
  const error = details.errorInstance;
  if (error instanceof ChecksFailed) {
    for (const { failure, exchange } of error.failures) recordFailure(failure, exchange, note);
  }
  throw new Error(
    `${error instanceof Error ? error.message : String(error)}\n(${note.replace(/^g/, 'G')})`,
  );
}
