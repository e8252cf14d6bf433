/**
 * The two contract levels of the spec. Decisions are `x-decision` annotations on the element
 * they concern (the form is described at the top of spec/openapi.yaml): the strict level is
 * the document as written, the interface level the document with every decision removed.
 */
import { escapeKey, type Json, type OpenApiDocument, openapiDocument } from './document.ts';

/** The two levels of the contract: the interface's own rules, or those plus our decisions. */
export type Level = 'interface' | 'strict';

/** One decision as the spec records it, and where. */
export type Decision = {
  id: string;
  why: string;
  /** The keywords of the element that are the decision; absent: the whole element is. */
  adds?: readonly string[];
  /** The behaviour the decision states, in words. */
  rule?: string;
  /** JSON pointer of the `x-decision` annotation (with `/N` when it is one of a list). */
  pointer: string;
  /** JSON pointer of the element that carries it. */
  element: string;
};

type JsonObject = { [key: string]: Json };

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The decisions an element carries (its `x-decision` is one object or a list of them). */
function decisionsOf(node: JsonObject, element: string): Decision[] {
  const marked = node['x-decision'];
  if (marked === undefined) return [];
  const list = Array.isArray(marked) ? marked : [marked];
  return list.map((entry, i) => {
    const at = `${element}/x-decision${Array.isArray(marked) ? `/${i}` : ''}`;
    if (!isObject(entry) || typeof entry.id !== 'string' || typeof entry.why !== 'string') {
      throw new Error(`spec/openapi.yaml: the x-decision at ${at} needs an id and a why`);
    }
    const adds = Array.isArray(entry.adds) ? entry.adds.map(String) : undefined;
    const rule = typeof entry.rule === 'string' ? entry.rule : undefined;
    return { id: entry.id, why: entry.why, adds, rule, pointer: at, element };
  });
}

/** Lists every decision of the document, in document order. */
export function listDecisions(document: OpenApiDocument = openapiDocument): Decision[] {
  const found: Decision[] = [];
  const walk = (value: Json, pointer: string) => {
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) walk(item, `${pointer}/${i}`);
    } else if (isObject(value)) {
      found.push(...decisionsOf(value, pointer));
      for (const [key, child] of Object.entries(value)) {
        if (key !== 'x-decision') walk(child, `${pointer}/${escapeKey(key)}`);
      }
    }
  };
  walk(document, '');
  return found;
}

let interfaceDocument: OpenApiDocument | undefined;

/**
 * The document at a level. At `interface` level it is a copy without any decision: elements
 * that are decisions and the `$ref`s to them are gone, and so are the keywords decisions add
 * and every `x-decision` annotation. At `strict` level it is the document as it is.
 */
export function documentAtLevel(
  level: Level,
  document: OpenApiDocument = openapiDocument,
): OpenApiDocument {
  if (level === 'strict') return document;
  if (document !== openapiDocument) return withoutDecisions(document);
  interfaceDocument ??= withoutDecisions(document);
  return interfaceDocument;
}

const isEmpty = (value: Json): boolean =>
  Array.isArray(value) ? value.length === 0 : isObject(value) && Object.keys(value).length === 0;

function withoutDecisions(document: OpenApiDocument): OpenApiDocument {
  const decisions = listDecisions(document);
  const whole = new Set(decisions.filter((d) => d.adds === undefined).map((d) => d.element));
  const added = new Map<string, Set<string>>();
  for (const d of decisions) {
    for (const keyword of d.adds ?? []) {
      added.set(d.element, new Set([...(added.get(d.element) ?? []), keyword]));
    }
  }
  const removed = (value: Json, pointer: string): boolean =>
    whole.has(pointer) ||
    (isObject(value) && typeof value.$ref === 'string' && whole.has(value.$ref.replace(/^#/, '')));
  const copy = (value: Json, pointer: string): Json => {
    if (Array.isArray(value)) {
      return value
        .map((item, i) => [item, `${pointer}/${i}`] as const)
        .filter(([item, at]) => !removed(item, at))
        .map(([item, at]) => copy(item, at));
    }
    if (!isObject(value)) return value;
    const result: JsonObject = {};
    const drop = added.get(pointer);
    for (const [key, child] of Object.entries(value)) {
      const at = `${pointer}/${escapeKey(key)}`;
      if (key === 'x-decision' || drop?.has(key) || removed(child, at)) continue;
      const kept = copy(child, at);
      // A list or map that held only decisions (e.g. `headers: { Link }`) goes with them.
      if (isEmpty(kept) && !isEmpty(child)) continue;
      result[key] = kept;
    }
    return result;
  };
  return copy(document, '') as OpenApiDocument;
}
