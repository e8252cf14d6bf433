/**
 * The summary that prints the findings of a run that failed (causes.ts groups them, one
 * per cause): each finding's rule, what was seen, its checks, the other rules of the same
 * cause, and the simplest case with a curl command that replays it.
 */
import type { FailureRecord } from '../run/run-log.ts';
import { type Finding, findings } from './causes.ts';
import type { CaseOutcome } from './junit-report.ts';

export { type Finding, findings } from './causes.ts';

const MAX_LISTED = 5;

/** `name (n)` for the most frequent, at most MAX_LISTED, then how many more. */
function listed(items: readonly { name: string; cases: number }[]): string[] {
  const shown = items
    .slice(0, MAX_LISTED)
    .map((i) => (i.cases > 1 ? `${i.name} (${i.cases})` : i.name));
  return items.length > MAX_LISTED ? [...shown, `… and ${items.length - MAX_LISTED} more`] : shown;
}

const indent = (lines: readonly string[], by: string) => lines.map((line) => `${by}${line}`);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const LEVEL_NAMES = {
  interface: 'interface rule',
  strict: 'decision, strict level',
  declared: 'declared choice',
} as const;
/** Where a finding comes from; an interface rule that only gated checks broke says so. */
const ONLY_AT = {
  strict: 'strict level only: a decision checked under this interface rule',
  declared: 'declared choice only: checked under this interface rule',
} as const;
/** The label after a finding's rule id: its level, or the option whose checks alone found it. */
export const levelName = (f: Finding) =>
  f.onlyAt === undefined ? LEVEL_NAMES[f.level] : ONLY_AT[f.onlyAt];
const seenText = (f: Finding) =>
  listed(f.seen.map((s) => ({ name: s.label, cases: s.cases }))).join('; ');

/** The section of one finding. */
function section(n: number, f: Finding): string[] {
  const { example } = f;
  return [
    `${n}. ${f.rule} (${levelName(f)}): ${f.text}`,
    ...(f.interaction === undefined ? [] : [`   Interaction: "${f.interaction}"`]),
    `   Spec: ${f.spec}`,
    `   Seen: ${seenText(f)}`,
    `   ${plural(f.cases, 'failing case')} in ${plural(f.checks.length, 'check')}:`,
    ...indent(listed(f.checks), '     - '),
    ...f.followedBy.map((g) =>
      g.after
        ? `   Then, on the same answers, after it (likely a consequence): ${g.rule} (${levelName(g)}), ${plural(g.cases, 'case')}: ${seenText(g)}`
        : `   With it, on the same answers (the same cause): ${g.rule} (${levelName(g)}), ${plural(g.cases, 'case')}: ${seenText(g)}`,
    ),
    `   Simplest case, in "${example.test}":`,
    ...indent(example.message.split('\n'), '     '),
    '     Request:',
    ...indent(example.request, '       '),
    '     Response:',
    ...indent(example.response, '       '),
    ...(example.note ? [`     Note: ${example.note}`] : []),
    '     Reproduce (export PETSTORE_API_KEY first):',
    `       ${example.curl}`,
  ];
}

/** The failed checks that recorded no rule (an unexpected error in the suite). */
export function unexplained(
  records: readonly FailureRecord[],
  outcomes: readonly CaseOutcome[],
): CaseOutcome[] {
  const recorded = new Set(records.map((r) => r.test));
  return outcomes.filter(
    (c) =>
      c.state === 'failed' && !recorded.has(c.name.replaceAll(' > ', ' ')) && !recorded.has(c.name),
  );
}

/**
 * The grouped summary of a failed run: one finding per cause, a cause before its effects,
 * then failed checks that recorded no rule.
 */
export function groupedSummary(
  records: readonly FailureRecord[],
  outcomes: readonly CaseOutcome[],
): string {
  const found = findings(records);
  const lines = [
    `${plural(found.length, 'finding')} (one per cause: the rules an answer broke together are one finding), from ${plural(records.length, 'failing case')}:`,
  ];
  for (const [i, f] of found.entries()) lines.push('', ...section(i + 1, f));
  const other = unexplained(records, outcomes);
  if (other.length > 0) {
    lines.push('', `${other.length} check(s) failed without naming a rule:`);
    for (const c of other.slice(0, 10))
      lines.push(`  - ${c.name}: ${(c.failure ?? '').split('\n')[0]}`);
  }
  return lines.join('\n');
}
