/**
 * The findings of a run that failed, one per cause. Every failing case of a rule collapses
 * into its rule; the rules that one answer broke together are one cause (a server ignoring
 * `limit` sends a page over 100 that breaks both the page's bound and `limit`), reported as
 * one finding that names its other rules. A cause comes before its effects: what a creation
 * stored wrongly comes before the reads that show it.
 */
import { type CitedRule, citedRule as ruleById } from '../../spec/checks/cited-rules.ts';
import type { FailureRecord } from '../run/run-log.ts';
import { gateOf } from './gated.ts';
import { specLocation } from './spec-location.ts';

/** A rule broken, and what the run saw of it. */
export type Finding = {
  rule: CitedRule['id'];
  level: CitedRule['level'];
  /**
   * Set when only the checks of `--level strict` (or of a declared profile) found it: an
   * interface rule those checks cite, broken where only this project's decisions (or the
   * profile's choices) say what the answer must be.
   */
  onlyAt?: 'strict' | 'declared';
  text: string;
  /** Where the spec states the rule: its file as the reader opens it, `#`, the pointer. */
  spec: string;
  /** How many failing cases, and in which checks (test names, most cases first). */
  cases: number;
  checks: { name: string; cases: number }[];
  /** What was seen: the failures' labels, most frequent first. */
  seen: { label: string; cases: number }[];
  /**
   * The simplest failing case: a creation the server stored, when there is one (what it
   * stored explains what reads show), then the plainest request, then the shortest.
   */
  example: FailureRecord;
  /**
   * The other rules of the same cause: broken on the same answers as this one. `after` says
   * a rule never failed first on an answer, only after another one did (likely a consequence).
   */
  followedBy: (Finding & { after?: boolean })[];
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

/** The exchange a record is about (records from before exchanges were numbered: their check). */
const exchangeOf = (record: FailureRecord) =>
  record.exchange === undefined ? `test:${record.test}` : `exchange:${record.exchange}`;

/**
 * Whether a failure is about one animal of a list rather than the answer as a whole (the
 * list's schema broken at item N): each animal has its own history, so two rules broken by
 * two animals of one page are not one cause for sharing the page.
 */
export const aboutOneItem = (record: FailureRecord) =>
  /^Response body does not match the \w+ schema: \d+(\.|\s)/.test(record.title);

/** Whether a failure is about one header of the answer (`Header deprecation is missing or wrong`). */
export const aboutAHeader = (record: FailureRecord) => /^Header \S+ /.test(record.title);

/** A creation the server stored: a POST answered 2xx. */
export const storedCreation = (record: FailureRecord) =>
  /^POST /.test(record.request[0] ?? '') && /^2\d\d\b/.test(record.response[0] ?? '');

/** Values with how often each occurs, most frequent first. */
function counted(values: readonly string[]): { value: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([value, count]) => ({ value, count }));
}

/** How long a case is to read: its request and response lines. */
const size = (record: FailureRecord) =>
  [...record.request, ...record.response].reduce((sum, line) => sum + line.length, 0);

/** Whether `a` is a simpler case than `b`: a stored creation, a plainer request, a shorter exchange. */
const simpler = (a: FailureRecord, b: FailureRecord) => {
  if (storedCreation(a) !== storedCreation(b)) return storedCreation(a);
  if ((a.plainness ?? 0) !== (b.plainness ?? 0)) return (a.plainness ?? 0) < (b.plainness ?? 0);
  return size(a) < size(b);
};

/** The level that alone found the rule's cases, when every case came from a gated check. */
function onlyAt(rule: CitedRule, records: readonly FailureRecord[]) {
  if (rule.level !== 'interface') return undefined;
  const gates = new Set(records.map((r) => gateOf(r.test)));
  const [gate] = gates;
  return gates.size === 1 && gate !== undefined ? gate : undefined;
}

function finding(records: readonly FailureRecord[], followedBy: Finding['followedBy']): Finding {
  const rule = ruleById((records[0] as FailureRecord).rule);
  const interaction = interactionOf(records[0] as FailureRecord);
  const gate = onlyAt(rule, records);
  return {
    rule: rule.id,
    level: rule.level,
    ...(gate === undefined ? {} : { onlyAt: gate }),
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
    example: records.reduce((best, r) => (simpler(r, best) ? r : best)),
    followedBy,
    ...(interaction === undefined ? {} : { interaction }),
  };
}

/** Groups keys into causes: keys whose records share an answer (union-find by key). */
class Causes {
  readonly #parent = new Map<string, string>();

  root(key: string): string {
    const parent = this.#parent.get(key) ?? key;
    if (parent === key) return key;
    const root = this.root(parent);
    this.#parent.set(key, root);
    return root;
  }

  /** Joins two causes, unless that would put two interactions of a pact in one finding. */
  join(a: string, b: string, members: (root: string) => string[]): void {
    const [ra, rb] = [this.root(a), this.root(b)];
    if (ra === rb) return;
    const interactions = new Set(
      [...members(ra), ...members(rb)].map((k) => k.split('\u0000')[1]).filter(Boolean),
    );
    if (interactions.size <= 1) this.#parent.set(rb, ra);
  }
}

/**
 * The findings of a run, one per cause. `records` are in the order the checks failed, which
 * tells, within one exchange, which rule failed first: the checks of an exchange run causes
 * first (spec/checks/judging.ts), so a later rule of the same answer follows from the first.
 * A cause's finding is its rule that failed first on the most answers; its other rules are
 * `followedBy`. Findings holding a creation the server stored come first, then by cases.
 */
export function findings(records: readonly FailureRecord[]): Finding[] {
  const byKey = new Map<string, FailureRecord[]>();
  const byExchange = new Map<string, FailureRecord[]>();
  for (const record of records) {
    byKey.set(keyOf(record), [...(byKey.get(keyOf(record)) ?? []), record]);
    const exchange = exchangeOf(record);
    byExchange.set(exchange, [...(byExchange.get(exchange) ?? []), record]);
  }
  const leads = new Map<string, number>();
  for (const [first] of byExchange.values()) {
    const key = keyOf(first as FailureRecord);
    leads.set(key, (leads.get(key) ?? 0) + 1);
  }
  const causes = new Causes();
  const members = (root: string) => [...byKey.keys()].filter((k) => causes.root(k) === root);
  // For each rule that never failed first: the rules it followed, the nearest on each answer.
  const followed = new Map<string, string[]>();
  for (const [exchange, shown] of byExchange) {
    shown.forEach((record, i) => {
      const key = keyOf(record);
      // An animal of a list follows nothing: its own creation is its cause.
      if (leads.has(key) || aboutOneItem(record)) return;
      const before = shown.slice(0, i).findLast((r) => leads.has(keyOf(r)) && !aboutOneItem(r));
      if (before) followed.set(key, [...(followed.get(key) ?? []), keyOf(before)]);
    });
    // Rules that also failed first elsewhere join when one answer broke both, unless they
    // are about two animals of a list or a header (which every answer of an operation may
    // lack whatever else is wrong); records from before exchanges were numbered share their
    // check, not an answer, and never join this way.
    if (!exchange.startsWith('exchange:')) continue;
    const joined = shown.filter((r) => leads.has(keyOf(r)) && !aboutOneItem(r) && !aboutAHeader(r));
    for (const record of joined.slice(1))
      causes.join(keyOf(joined[0] as FailureRecord), keyOf(record), members);
  }
  const groups = new Map<string, string[]>();
  for (const key of byKey.keys()) {
    // A rule that never failed first belongs to the cause it followed most often.
    const cause = leads.has(key) ? key : (counted(followed.get(key) ?? [])[0]?.value ?? key);
    const root = causes.root(cause);
    groups.set(root, [...(groups.get(root) ?? []), key]);
  }
  const ordered = [...groups.values()]
    .map((keys) => ({ keys, records: keys.flatMap((key) => byKey.get(key) ?? []) }))
    .sort(
      (a, b) =>
        Number(b.records.some(storedCreation)) - Number(a.records.some(storedCreation)) ||
        b.records.length - a.records.length,
    );
  return ordered.map(({ keys }) => {
    // The cause's own rule: the one that failed first on the most answers, then the most cases.
    const ranked = [...keys].sort(
      (a, b) =>
        (leads.get(b) ?? 0) - (leads.get(a) ?? 0) ||
        (byKey.get(b)?.length ?? 0) - (byKey.get(a)?.length ?? 0),
    );
    const [head, ...rest] = ranked as [string, ...string[]];
    const others = rest.map((key) => ({
      ...finding(byKey.get(key) ?? [], []),
      ...(leads.has(key) ? {} : { after: true }),
    }));
    return finding(byKey.get(head) ?? [], others);
  });
}
