/**
 * The findings of a run that failed, one per cause, and the summary that prints them.
 *
 * A finding is one rule broken: every failing case of that rule collapses into it, with a
 * count, what was seen (the labels, most frequent first) and the simplest case (the shortest
 * request and response) with a curl command that replays it. A rule that never fails first
 * on an exchange, only after another rule failed on the same answer, is not a cause of its
 * own: it is folded under the finding it followed most often.
 */
import { type CitedRule, citedRule as ruleById } from '../../spec/checks/cited-rules.ts';
import type { FailureRecord } from '../run/run-log.ts';
import type { CaseOutcome } from './junit-report.ts';
import { specLocation } from './spec-location.ts';

const MAX_LISTED = 5;

/** A rule broken, and what the run saw of it. */
export type Finding = {
  rule: CitedRule['id'];
  level: CitedRule['level'];
  text: string;
  /** Where the spec states the rule: its file as the reader opens it, `#`, the pointer. */
  spec: string;
  /** How many failing cases, and in which checks (test names, most cases first). */
  cases: number;
  checks: { name: string; cases: number }[];
  /** What was seen: the failures' labels, most frequent first. */
  seen: { label: string; cases: number }[];
  /** The simplest failing case: the plainest request (the key, valid values), then the shortest. */
  example: FailureRecord;
  /** Rules that failed only after this one did, on the same exchanges. */
  followedBy: Finding[];
  /** The interaction of a consumer's pact it is about (a finding per interaction). */
  interaction?: string;
};

/** The rules of a consumer's pact: one finding per interaction, the check named after it. */
const PER_INTERACTION = new Set(['pact-interaction', 'pact-gap']);

/** The interaction a record is about, for a rule of a consumer's pact. */
const interactionOf = (record: FailureRecord) =>
  PER_INTERACTION.has(record.rule) ? record.test.replace(/^pact( > )?/, '') : undefined;

/** What a finding gathers: one rule, or one rule of one interaction. */
const keyOf = (record: FailureRecord) => {
  const interaction = interactionOf(record);
  return interaction === undefined ? record.rule : `${record.rule}\u0000${interaction}`;
};

/** Values with how often each occurs, most frequent first. */
function counted(values: readonly string[]): { value: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([value, count]) => ({ value, count }));
}

/** How long a case is to read: its request and response lines. */
const size = (record: FailureRecord) =>
  [...record.request, ...record.response].reduce((sum, line) => sum + line.length, 0);

/** Whether `a` is a simpler case than `b`: a plainer request, then a shorter exchange. */
const simpler = (a: FailureRecord, b: FailureRecord) =>
  (a.plainness ?? 0) !== (b.plainness ?? 0)
    ? (a.plainness ?? 0) < (b.plainness ?? 0)
    : size(a) < size(b);

function finding(records: readonly FailureRecord[], followedBy: Finding[]): Finding {
  const rule = ruleById((records[0] as FailureRecord).rule);
  const interaction = interactionOf(records[0] as FailureRecord);
  const simplest = records.reduce((best, r) => (simpler(r, best) ? r : best));
  return {
    rule: rule.id,
    level: rule.level,
    text: rule.text,
    spec: specLocation(rule.pointer),
    cases: records.length,
    checks: counted(records.map((r) => r.test)).map(({ value, count }) => ({
      name: value,
      cases: count,
    })),
    seen: counted(records.map((r) => r.title)).map(({ value, count }) => ({
      label: value,
      cases: count,
    })),
    example: simplest,
    followedBy,
    ...(interaction === undefined ? {} : { interaction }),
  };
}

/** The exchange a record is about (records from before exchanges were numbered: their check). */
const exchangeOf = (record: FailureRecord) =>
  record.exchange === undefined ? `test:${record.test}` : `exchange:${record.exchange}`;

/**
 * The findings of a run, most cases first. `records` are in the order the checks failed,
 * which tells, within one exchange, which rule failed first: the checks of an exchange run
 * causes first (harness.ts), so a later rule of the same answer is a symptom of the first.
 */
export function findings(records: readonly FailureRecord[]): Finding[] {
  const byRule = new Map<string, FailureRecord[]>();
  // For each rule: the rules that failed before it on the same exchange, when it never failed first.
  const firstOnExchange = new Map<string, string>();
  const leads = new Set<string>();
  const after = new Map<string, string[]>();
  for (const record of records) {
    const key = keyOf(record);
    byRule.set(key, [...(byRule.get(key) ?? []), record]);
    const first = firstOnExchange.get(exchangeOf(record));
    if (first === undefined) firstOnExchange.set(exchangeOf(record), key);
    if (first === undefined || first === key) leads.add(key);
    else after.set(key, [...(after.get(key) ?? []), first]);
  }
  // A rule that never led is folded under the rule it most often followed (itself a cause).
  const under = new Map<string, string[]>();
  for (const rule of byRule.keys()) {
    if (leads.has(rule)) continue;
    const cause = counted(after.get(rule) ?? []).find(({ value }) => leads.has(value))?.value;
    if (cause) under.set(cause, [...(under.get(cause) ?? []), rule]);
    else leads.add(rule);
  }
  const folded = (rule: string) =>
    (under.get(rule) ?? []).map((r) => finding(byRule.get(r) ?? [], []));
  return [...leads]
    .map((rule) => finding(byRule.get(rule) ?? [], folded(rule)))
    .sort((a, b) => b.cases - a.cases);
}

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
const levelName = (f: Finding) => LEVEL_NAMES[f.level];
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
    ...f.followedBy.flatMap((g) => [
      `   Then, on the same answers, after it (likely a consequence): ${g.rule} (${levelName(g)}), ${plural(g.cases, 'case')}: ${seenText(g)}`,
    ]),
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
 * The grouped summary of a failed run: one finding per cause, most cases first, then failed
 * checks that recorded no rule.
 */
export function groupedSummary(
  records: readonly FailureRecord[],
  outcomes: readonly CaseOutcome[],
): string {
  const found = findings(records);
  const lines = [
    `${plural(found.length, 'finding')} (one per rule broken), from ${plural(records.length, 'failing case')}:`,
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
