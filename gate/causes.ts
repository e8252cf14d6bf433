/**
 * The causes behind a gate run's findings. The contract stage names each cause by the rule
 * it breaks; Prism and Dredd, which run after it, report what their validators saw (`must
 * NOT have more than 100 items`). Read as the rules of the spec (the element whose schema
 * the message is about, and its `x-rules`, as the suite cites them), a later finding that
 * breaks a rule a contract finding names is the same cause seen again: a server ignoring
 * `limit` sends Prism's `limit=5` a page of every animal the contract stage just created.
 */

import type { RuleId } from '../spec/checks/cited-rules.ts';
import { ruleOfIssue } from '../spec/checks/schema-rules.ts';
import { loadContractSpec } from '../spec/checks/spec-model.ts';
import { RESPONSES_RULE } from '../spec/checks/status-checks.ts';
import { resolve } from '../spec/document.ts';
import type { Level } from '../spec/levels.ts';
import type { GateFinding, StageResult } from './stage.ts';

/** The schema keyword a validator's message (Prism's ajv 8 `must`, Dredd's ajv 6 `should`) names. */
const KEYWORDS: [RegExp, string][] = [
  [/NOT have more than \d+ items/, 'maxItems'],
  [/NOT have fewer than \d+ items/, 'minItems'],
  [/NOT have more than \d+ characters/, 'maxLength'],
  [/NOT have fewer than \d+ characters/, 'minLength'],
  [/have required property/, 'required'],
  [/NOT have additional properties/, 'additionalProperties'],
  [/be equal to one of the allowed values/, 'enum'],
  [/be (?:integer|string|number|boolean|array|object|null)\b/, 'type'],
  [/be >=? /, 'minimum'],
  [/be <=? /, 'maximum'],
  [/match format/, 'format'],
  [/match pattern/, 'pattern'],
];

const OPERATIONS: Record<string, keyof typeof RESPONSES_RULE> = {
  'get /pets': 'listPets',
  'post /pets': 'createPet',
  'get /pets/{petId}': 'getPet',
};

/** The operation a pointer into the spec's paths names (`#/paths/~1pets/get/…`). */
function operationAt(pointer: string) {
  const [, path = '', method = ''] = /^#\/paths\/([^/]+)\/([a-z]+)/.exec(pointer) ?? [];
  return OPERATIONS[`${method} ${path.replaceAll('~1', '/').replaceAll('~0', '~')}`];
}

/** Where a body issue is (`0.id`, or `body` for the whole) and its keyword, from one detail line. */
function bodyIssue(line: string): { path: string; keyword: string } | undefined {
  // Prism: `response.body.0.id: Response body property 0.id must be integer [Error]`;
  // Dredd: `body: data[0].id should be integer`.
  const prism = /^response\.body(?:\.(\S+))?: (.*)$/.exec(line);
  const dredd = /^body: data((?:\.[\w$]+|\[\d+\])*) (.*)$/.exec(line);
  const at = prism
    ? (prism[1] ?? '')
    : dredd
      ? (dredd[1] ?? '').replace(/\[(\d+)\]/g, '.$1')
      : undefined;
  const message = prism?.[2] ?? dredd?.[2];
  if (at === undefined || message === undefined) return undefined;
  const keyword = KEYWORDS.find(([pattern]) => pattern.test(message))?.[1];
  if (keyword === undefined) return undefined;
  const path = at.replace(/^\./, '');
  const missing = keyword === 'required' ? /required property '([^']+)'/.exec(message)?.[1] : '';
  const whole = [path, missing].filter(Boolean).join('.');
  return { path: whole === '' ? 'body' : whole, keyword };
}

/**
 * The rules of the spec a later stage's finding breaks, read from what its tool said: a
 * body's schema issue cites the rule of the element it breaks, a wrong status the
 * operation's responses rule. None when the finding says nothing the spec's rules name.
 */
export function rulesShown(finding: GateFinding, level: Level): RuleId[] {
  const pointer = finding.specPointer;
  const operation = pointer ? operationAt(pointer) : undefined;
  if (pointer === undefined || operation === undefined) return [];
  const spec = loadContractSpec(level);
  const response = resolve(spec.document, pointer);
  const schema = response && `#${response.pointer}/content/application~1json/schema`;
  const rules = new Set<RuleId>();
  for (const line of finding.detail) {
    // Prism's bypass check, and a status either tool found undocumented.
    if (/without a valid key must be answered 401/.test(line)) rules.add('auth-401');
    else if (/^statusCode:|^response: /.test(line)) rules.add(RESPONSES_RULE[operation]);
    const issue = bodyIssue(line);
    if (issue && schema)
      rules.add(
        ruleOfIssue(
          spec.document,
          schema,
          { ...issue, message: line },
          level,
          RESPONSES_RULE[operation],
        ),
      );
  }
  return [...rules];
}

/** A later stage's finding, tied to the contract finding that names its cause (1-based). */
export type Tie = { contract: GateFinding; number: number; rule: RuleId };

/**
 * For each finding of the stages after the contract stage, the contract finding whose rule
 * it breaks too: the same cause, seen again, not a second fault.
 */
export function tiesToContract(
  results: readonly StageResult[],
  level: Level,
): Map<GateFinding, Tie> {
  const named = results.find((r) => r.stage === 'contract')?.findings ?? [];
  const ties = new Map<GateFinding, Tie>();
  for (const result of results) {
    if (result.stage === 'contract' || result.stage === 'lint') continue;
    for (const finding of result.findings) {
      const rules = rulesShown(finding, level);
      const number = named.findIndex(
        (f) => f.rule !== undefined && rules.includes(f.rule as RuleId),
      );
      const contract = named[number];
      if (contract?.rule)
        ties.set(finding, { contract, number: number + 1, rule: contract.rule as RuleId });
    }
  }
  return ties;
}

/** One cause of a run: its first finding, and the later stages' findings that show it again. */
export type Cause = { finding: GateFinding; seenAgain: GateFinding[] };

/** The run's causes, in stage order: each contract finding with what the later stages saw of it. */
export function gateCauses(results: readonly StageResult[], level: Level): Cause[] {
  const ties = tiesToContract(results, level);
  const causes = new Map<GateFinding, Cause>();
  for (const finding of results.flatMap((r) => r.findings)) {
    const tie = ties.get(finding);
    if (tie === undefined) causes.set(finding, { finding, seenAgain: [] });
    else causes.get(tie.contract)?.seenAgain.push(finding);
  }
  return [...causes.values()];
}

/** `2 causes (7 findings: 4 of them the contract stage's causes seen again by prism and dredd)`. */
export function causesLine(results: readonly StageResult[], level: Level): string {
  const causes = gateCauses(results, level);
  const findings = causes.reduce((sum, c) => sum + 1 + c.seenAgain.length, 0);
  const again = causes.flatMap((c) => c.seenAgain);
  const stages = [...new Set(again.map((f) => f.stage))].join(' and ');
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return again.length === 0
    ? `${plural(causes.length, 'cause')}, one finding each`
    : `${plural(causes.length, 'cause')} behind ${plural(findings, 'finding')}: ${again.length} of them ${stages} saw again of a cause the contract stage named (not a second fault)`;
}
