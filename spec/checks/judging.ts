/**
 * How the checks of one exchange are run together, the same for the contract suite and the
 * mock's proxy: a cause before its symptoms (what explains a wrong status, then the status,
 * then the rest), a status explained once, and a redirect as the only failure of its answer.
 */
import { type Check, type Failure, failuresOf } from './check.ts';
import { isExplaining, isRedirect, isStatusCheck } from './status-checks.ts';

/**
 * The checks in the order that puts a cause before its symptoms: what explains a wrong status
 * (a 5xx, the key refused), then the status, then the rest (a body of a 201 that should have
 * been a 400 breaks its schema because it should not exist).
 */
export const causesFirst = (checks: readonly Check[]): Check[] => {
  const rank = (c: Check) => (isExplaining(c) ? 0 : isStatusCheck(c) ? 1 : 2);
  return [...checks].sort((a, b) => rank(a) - rank(b));
};

/** What the caller adds to a judgement: rules not reported, and a look at each check first. */
export type JudgeOptions = {
  /** Rule ids judged but never reported (a profile's `off`). */
  off?: ReadonlySet<string>;
  /**
   * Called with each check before it runs; `true` says the caller already reported what it
   * finds (a 5xx reported when it arrived): it is skipped and counts as explaining the status.
   */
  visit?: (check: Check) => boolean;
};

/**
 * The failures of the checks on one exchange. Once a check explains a wrong status (a 5xx,
 * the key refused), the status checks are not run; a redirect is the only failure of its
 * answer (it is no answer to the request at all).
 */
export function judgeInOrder(
  exchange: Parameters<Check>[0],
  checks: readonly Check[],
  { off, visit }: JudgeOptions = {},
): Failure[] {
  const failures: Failure[] = [];
  let explained = false;
  for (const check of causesFirst(checks)) {
    const reported = visit?.(check) ?? false;
    if (explained && isStatusCheck(check)) continue;
    if (reported) {
      explained = true;
      continue;
    }
    const found = failuresOf(check, exchange).filter((f) => !off?.has(f.rule));
    const redirect = found.find(isRedirect);
    if (redirect) return [redirect];
    failures.push(...found);
    explained ||= found.length > 0 && isExplaining(check);
  }
  return failures;
}
