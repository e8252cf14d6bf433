/**
 * The rules a finding can cite: the spec's (its `x-rules` and `x-decision`s, spec/rules.ts)
 * and the choices a profile declares where the interface leaves a gap, each placed at the
 * element of the spec whose gap it fills.
 */
import type { Level } from '../../spec/levels.ts';
import { type Rule, ruleById, type RuleId as SpecRuleId } from '../../spec/rules.ts';

const DECLARED = {
  'declared-pagination': {
    text: 'A list continues as the profile declares (none: every matching animal in one answer, up to limit; link: RFC 8288 rel="next" until the last page), so a walk of it holds every animal exactly once.',
    element: '#/paths/~1pets/get',
  },
  'declared-order': {
    text: 'Animals are listed in the order the profile declares.',
    element: '#/paths/~1pets/get',
  },
  'declared-default-status': {
    text: 'An animal created without status is stored with the status the profile declares.',
    element: '#/components/schemas/NewPet/properties/status',
  },
  'declared-limit-range': {
    text: 'A limit outside 1..100 is clamped, or refused with the status the profile declares.',
    element: '#/components/parameters/Limit',
  },
  'declared-error-codes': {
    text: 'Each error status carries the code the profile declares.',
    element: '#/components/schemas/Error/properties/code',
  },
} as const;

/** The id of a rule a profile declares. */
export type DeclaredRuleId = keyof typeof DECLARED;

/** The id of any rule a check cites. */
export type RuleId = SpecRuleId | DeclaredRuleId;

/** A rule as a finding cites it: the spec's levels, or `declared` by the profile. */
export type CitedRule = Omit<Rule, 'id' | 'level'> & { id: RuleId; level: Level | 'declared' };

const isDeclared = (id: string): id is DeclaredRuleId => Object.hasOwn(DECLARED, id);

/** The rule with this id, from the spec or the declared choices; throws for an unknown id. */
export function citedRule(id: RuleId): CitedRule {
  if (!isDeclared(id)) return ruleById(id);
  const { text, element } = DECLARED[id];
  return { id, level: 'declared', text, pointer: element, element };
}

/** Every rule a profile can declare, for `off` lists and the docs. */
export const declaredRules = (): CitedRule[] =>
  (Object.keys(DECLARED) as DeclaredRuleId[]).map(citedRule);
