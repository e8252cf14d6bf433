/**
 * The rules of the spec by their stable ids: the interface's own (`x-rules`) and this
 * project's decisions (`x-decision`), each with the JSON pointer where the spec states it.
 * Contract failures and the generated pages in docs/ cite rules this way.
 */
import { escapeKey, type Json, type OpenApiDocument, openapiDocument } from './document.ts';
import { type Level, listDecisions } from './levels.ts';
import type { RuleId } from './rules.gen.ts';

export type { RuleId } from './rules.gen.ts';

/** One rule: its id, level, words, and where the spec states it. */
export type Rule = {
  id: RuleId;
  /** `interface` for the interface's own rules, `strict` for our decisions. */
  level: Level;
  /** The rule in words (for a decision that only adds keywords: its reason). */
  text: string;
  /** Why we decided so (decisions only). */
  why?: string;
  /** The keywords a decision adds to its element (absent: the whole element). */
  adds?: readonly string[];
  /** JSON pointer of the rule's statement, e.g. `#/components/schemas/Error/x-rules/error-shape`. */
  pointer: string;
  /** JSON pointer of the element the rule concerns. */
  element: string;
};

type JsonObject = { [key: string]: Json };

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The interface's rules (`x-rules`), in document order. */
function interfaceRules(document: OpenApiDocument): Rule[] {
  const found: Rule[] = [];
  const walk = (value: Json, pointer: string) => {
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) walk(item, `${pointer}/${i}`);
      return;
    }
    if (!isObject(value)) return;
    const rules = value['x-rules'];
    if (isObject(rules)) {
      for (const [id, text] of Object.entries(rules)) {
        found.push({
          id: id as RuleId,
          level: 'interface',
          text: String(text),
          pointer: `#${pointer}/x-rules/${escapeKey(id)}`,
          element: `#${pointer}`,
        });
      }
    }
    for (const [key, child] of Object.entries(value)) {
      if (key !== 'x-rules') walk(child, `${pointer}/${escapeKey(key)}`);
    }
  };
  walk(document, '');
  return found;
}

const cache = new WeakMap<object, Rule[]>();

/** Every rule of the document: the interface's first, then the decisions. */
export function listRules(document: OpenApiDocument = openapiDocument): Rule[] {
  let rules = cache.get(document);
  if (rules) return rules;
  rules = [
    ...interfaceRules(document),
    ...listDecisions(document).map(
      (d): Rule => ({
        id: d.id as RuleId,
        level: 'strict',
        text: d.rule ?? d.why,
        why: d.why,
        adds: d.adds,
        pointer: `#${d.pointer}`,
        element: `#${d.element}`,
      }),
    ),
  ];
  cache.set(document, rules);
  return rules;
}

/** The rule with this id; throws when the spec has none (a check citing a rule that left). */
export function ruleById(id: RuleId, document: OpenApiDocument = openapiDocument): Rule {
  const found = listRules(document).find((rule) => rule.id === id);
  if (!found) throw new Error(`spec/openapi.yaml states no rule ${id}`);
  return found;
}
