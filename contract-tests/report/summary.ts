/**
 * The one grouped summary at the end of a run that failed: per rule broken, its id, words
 * and place in the spec, how many cases broke it and where, and one representative case
 * with its request, response and a curl command that replays it.
 */
import { citedRule as ruleById } from '../checks/cited-rules.ts';
import type { FailureRecord } from '../run/run-log.ts';
import type { CaseOutcome } from './junit-report.ts';

const MAX_LISTED = 5;

/** `name (n)` for the most frequent values, most frequent first, at most MAX_LISTED. */
function tally(values: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  const sorted = [...counts].sort((a, b) => b[1] - a[1]);
  const shown = sorted.slice(0, MAX_LISTED).map(([v, n]) => (n > 1 ? `${v} (${n})` : v));
  return sorted.length > MAX_LISTED
    ? [...shown, `… and ${sorted.length - MAX_LISTED} more`]
    : shown;
}

const indent = (lines: readonly string[], by: string) => lines.map((line) => `${by}${line}`);

/** The section of one broken rule. */
function ruleSection(n: number, records: readonly FailureRecord[]): string[] {
  const [first] = records;
  if (!first) return [];
  const rule = ruleById(first.rule);
  const tests = new Set(records.map((r) => r.test));
  return [
    `${n}. ${rule.id} (${rule.level === 'interface' ? 'interface rule' : 'decision, strict level'}): ${rule.text}`,
    `   Spec: spec/openapi.yaml${rule.pointer}`,
    `   ${records.length} failing case${records.length === 1 ? '' : 's'} in ${tests.size} check${tests.size === 1 ? '' : 's'}:`,
    ...indent(tally(records.map((r) => r.test)), '     - '),
    `   What broke: ${tally(records.map((r) => r.title)).join('; ')}`,
    `   First case, in "${first.test}":`,
    ...indent(first.message.split('\n'), '     '),
    '     Request:',
    ...indent(first.request, '       '),
    '     Response:',
    ...indent(first.response, '       '),
    ...(first.note ? [`     Note: ${first.note}`] : []),
    '     Reproduce (export PETSTORE_API_KEY first):',
    `       ${first.curl}`,
  ];
}

/**
 * The grouped summary of a failed run: the rules broken, most cases first, then failed
 * tests that recorded no rule (an unexpected error in the suite).
 */
export function groupedSummary(
  records: readonly FailureRecord[],
  outcomes: readonly CaseOutcome[],
): string {
  const byRule = new Map<string, FailureRecord[]>();
  for (const record of records)
    byRule.set(record.rule, [...(byRule.get(record.rule) ?? []), record]);
  const groups = [...byRule.values()].sort((a, b) => b.length - a.length);
  const recorded = new Set(records.map((r) => r.test));
  const unexplained = outcomes.filter(
    (c) =>
      c.state === 'failed' && !recorded.has(c.name.replaceAll(' > ', ' ')) && !recorded.has(c.name),
  );
  const lines = [
    `${groups.length} rule${groups.length === 1 ? '' : 's'} broken, ${records.length} failing case${records.length === 1 ? '' : 's'}:`,
  ];
  for (const [i, group] of groups.entries()) lines.push('', ...ruleSection(i + 1, group));
  if (unexplained.length > 0) {
    lines.push('', `${unexplained.length} check(s) failed without naming a rule:`);
    for (const c of unexplained.slice(0, 10))
      lines.push(`  - ${c.name}: ${(c.failure ?? '').split('\n')[0]}`);
  }
  return lines.join('\n');
}
