/**
 * The cases of a suite file's set-up (a beforeAll). Vitest only says a set-up threw; what
 * broke is in the run's log, recorded when the check failed: the rule, the request, the
 * response and a curl, which the set-up's case carries instead of the error that stopped it.
 */
import type { CaseOutcome } from '../report/junit-report.ts';
import type { FailureRecord } from './run-log.ts';

/** What a set-up's recorded failures say: each rule broken, the request, the response, a curl. */
const causeOf = (records: readonly FailureRecord[]): string =>
  records
    .filter((r, i) => records.findIndex((o) => o.rule === r.rule) === i)
    .map((r) =>
      [
        `${r.rule}: ${r.title}`,
        r.message,
        'Request:',
        ...r.request.map((l) => `  ${l}`),
        'Response:',
        ...r.response.map((l) => `  ${l}`),
        `Reproduce: ${r.curl}`,
      ].join('\n'),
    )
    .join('\n\n');

/**
 * The set-up cases with their causes. A set-up that broke a rule and stopped its file reads
 * as the rule, the request and a curl (the reporter only saw that a request it builds on
 * failed); one that broke a rule without stopping the file (a decision at strict level: the
 * pets it made are still usable) is added, so JUnit and the verdict see it.
 */
export function setUpOutcomes(
  failures: readonly FailureRecord[],
  outcomes: readonly CaseOutcome[],
): CaseOutcome[] {
  const byName = new Map<string, FailureRecord[]>();
  for (const failure of failures)
    if (failure.test.endsWith(' (set-up)'))
      byName.set(failure.test, [...(byName.get(failure.test) ?? []), failure]);
  const known = new Set(outcomes.map((c) => c.name));
  const explained = outcomes.map((c): CaseOutcome => {
    const records = byName.get(c.name);
    return c.state === 'failed' && records ? { ...c, failure: causeOf(records) } : c;
  });
  const added = [...byName]
    .filter(([name]) => !known.has(name))
    .map(
      ([name, records]): CaseOutcome => ({
        file: name.replace(/ \(set-up\)$/, ''),
        name,
        state: 'failed',
        durationMs: 0,
        failure: causeOf(records),
      }),
    );
  return [...explained, ...added];
}
