/**
 * The rules a finding can cite: the spec's (its `x-rules` and `x-decision`s, spec/rules.ts),
 * the choices a profile declares where the interface leaves a gap (spec/declared-rules.ts),
 * and what a consumer's pact declares (spec/pact-rules.ts).
 */
import { DECLARED_RULES, type DeclaredRuleId, isDeclaredRule } from '../declared-rules.ts';
import type { Level } from '../levels.ts';
import { isPactRule, PACT_RULES, type PactRuleId } from '../pact-rules.ts';
import { type Rule, ruleById, type RuleId as SpecRuleId } from '../rules.ts';

export type { DeclaredRuleId } from '../declared-rules.ts';

/** The id of any rule a check cites. */
export type RuleId = SpecRuleId | DeclaredRuleId | PactRuleId;

/** A rule as a finding cites it: the spec's levels, or `declared` by the profile. */
export type CitedRule = Omit<Rule, 'id' | 'level'> & { id: RuleId; level: Level | 'declared' };

/** The rule with this id, from the spec or the declared choices; throws for an unknown id. */
export function citedRule(id: RuleId): CitedRule {
  if (isPactRule(id)) {
    const { text, element } = PACT_RULES[id];
    return { id, level: 'declared', text, pointer: element, element };
  }
  if (!isDeclaredRule(id)) return ruleById(id);
  const { text, element } = DECLARED_RULES[id];
  return { id, level: 'declared', text, pointer: element, element };
}

/** Every rule a profile can declare, for `off` lists and the docs. */
export const declaredRules = (): CitedRule[] =>
  (Object.keys(DECLARED_RULES) as DeclaredRuleId[]).map(citedRule);
