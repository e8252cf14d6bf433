/**
 * The rules stated on schema elements (their `x-rules`, and at strict level their
 * `x-decision`s), so that a body that breaks a schema cites the rule of the element it
 * breaks: a wrong `status` inside a pet cites `pet-status`, a missing field `pet-shape`.
 */
import { escapeKey, resolve } from '../document.ts';
import { type Decision, type Level, listDecisions } from '../levels.ts';
import { listRules, type Rule, type RuleId } from '../rules.ts';
import type { SchemaIssue } from '../validation.ts';

type Node = Record<string, unknown>;

const byElement = new Map<Level, Map<string, Rule[]>>();

/** The rules of the level stated on one element (pointer without `#`), in document order. */
function rulesOn(element: string, level: Level): Rule[] {
  let index = byElement.get(level);
  if (!index) {
    index = new Map();
    for (const rule of listRules()) {
      if (level === 'interface' && rule.level !== 'interface') continue;
      const at = rule.element.replace(/^#/, '');
      index.set(at, [...(index.get(at) ?? []), rule]);
    }
    byElement.set(level, index);
  }
  return index.get(element) ?? [];
}

/** The element itself and, when it is a `$ref`, where the reference leads. */
function sites(document: unknown, at: string): { rules: string[]; node?: Node; pointer: string } {
  const target = resolve(document, at);
  const pointers = target && target.pointer !== at ? [at, target.pointer] : [at];
  return { rules: pointers, node: target?.node, pointer: target?.pointer ?? at };
}

/** The element one step down from a schema: an array's items or an object's property. */
function child(node: Node | undefined, pointer: string, key: string): string | undefined {
  if (node?.items !== undefined && /^\d+$/.test(key)) return `${pointer}/items`;
  const properties = node?.properties as Node | undefined;
  return properties?.[key] === undefined ? undefined : `${pointer}/properties/${escapeKey(key)}`;
}

/** Every rule of the level stated on the schema at `pointer` or on a schema inside it. */
export function schemaRules(document: unknown, pointer: string, level: Level): RuleId[] {
  const found = new Set<RuleId>();
  const seen = new Set<string>();
  const walk = (at: string) => {
    if (seen.has(at)) return;
    seen.add(at);
    const site = sites(document, at);
    for (const p of site.rules) for (const rule of rulesOn(p, level)) found.add(rule.id);
    if (site.node?.items !== undefined) walk(`${site.pointer}/items`);
    for (const key of Object.keys((site.node?.properties ?? {}) as Node))
      walk(`${site.pointer}/properties/${escapeKey(key)}`);
  };
  walk(pointer.replace(/^#/, ''));
  return [...found];
}

/** Of an element's rules, the decision that adds the broken keyword, else its last own rule. */
const pick = (rules: Rule[], keyword: string | undefined): RuleId | undefined =>
  (
    rules.find((r) => keyword !== undefined && r.adds?.includes(keyword)) ??
    rules.filter((r) => r.level === 'interface').at(-1)
  )?.id;

/**
 * The rule a schema issue breaks: the one stated on the deepest element along the issue's
 * path that states one (a missing or extra property counts against the object holding
 * it). A wrong type of the whole body cites `fallback`, the operation's rule.
 */
export function ruleOfIssue(
  document: unknown,
  pointer: string,
  issue: SchemaIssue,
  level: Level,
  fallback: RuleId,
): RuleId {
  const path = issue.path === 'body' ? [] : issue.path.split('.');
  const keys =
    issue.keyword === 'required' || issue.keyword === 'additionalProperties'
      ? path.slice(0, -1)
      : path;
  if (keys.length === 0 && issue.keyword === 'type') return fallback;
  let at: string | undefined = pointer.replace(/^#/, '');
  let cited: RuleId | undefined;
  for (let depth = 0; at !== undefined; depth++) {
    const site = sites(document, at);
    for (const p of site.rules) cited = pick(rulesOn(p, level), issue.keyword) ?? cited;
    const key = keys[depth];
    at = key === undefined ? undefined : child(site.node, site.pointer, key);
  }
  return cited ?? fallback;
}

/** The properties of an object schema (after `$ref`s) the spec marks `readOnly`, by name. */
export function readOnlyProperties(document: unknown, pointer: string): Record<string, Node> {
  const object = resolve(document, pointer.replace(/^#/, ''));
  const found: Record<string, Node> = {};
  if (!object) return found;
  const properties = (object.node.properties ?? {}) as Record<string, Node>;
  for (const [key, own] of Object.entries(properties)) {
    const property = resolve(document, `${object.pointer}/properties/${escapeKey(key)}`);
    if (own.readOnly === true || property?.node.readOnly === true)
      found[key] = property?.node ?? own;
  }
  return found;
}

// The spec's decisions that add keywords, listed once: the catalogue asks for every case it
// makes, and walking the whole document each time took about 60 ms of the 1.3 s of CPU a
// quick contract run spends in its worker.
let adding: Decision[] | undefined;
const decisionsAdding = () => (adding ??= listDecisions().filter((d) => (d.adds?.length ?? 0) > 0));

/** Whether a decision adds keywords to an element: the interface leaves its limits open. */
export const limitsOpen = (...pointers: string[]) =>
  decisionsAdding().some((d) => pointers.includes(d.element));

/** The id of the decision adding keywords to one of the elements, if any. */
export const decisionOn = (...pointers: string[]) =>
  decisionsAdding().find((d) => pointers.includes(d.element))?.id as RuleId | undefined;
