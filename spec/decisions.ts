/**
 * Reads the `x-decision` markings of the spec: every object carrying one is a rule
 * this project chose where the interface is silent (../shared/DECISIONS.md).
 */
import type { Json, OpenApiDocument } from './document-type.ts';

/** The two levels of the contract: the interface's own rules, or those plus our decisions. */
export type Level = 'interface' | 'strict';

/** One marked decision: where it sits in the document and why it was taken. */
export type Decision = { pointer: string; reason: string };

type JsonObject = { [key: string]: Json };

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const escapeKey = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

/** Lists every marked decision of the document with its JSON pointer. */
export function listDecisions(document: OpenApiDocument): Decision[] {
  const found: Decision[] = [];
  const walk = (value: Json, pointer: string) => {
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) walk(item, `${pointer}/${i}`);
    } else if (isObject(value)) {
      const reason = value['x-decision'];
      if (typeof reason === 'string') found.push({ pointer, reason });
      for (const [key, child] of Object.entries(value)) walk(child, `${pointer}/${escapeKey(key)}`);
    }
  };
  walk(document, '');
  return found;
}

/**
 * Returns a copy of the document with every decision removed: marked objects, the
 * `$ref`s that point at them, and `allOf` lists left empty. At `strict` level the
 * document is returned as it is.
 */
export function documentAtLevel(document: OpenApiDocument, level: Level): OpenApiDocument {
  if (level === 'strict') return document;
  const removed = new Set(listDecisions(document).map((d) => `#${d.pointer}`));
  const keep = (value: Json): boolean =>
    !(isObject(value) && (typeof value['x-decision'] === 'string' || removed.has(`${value.$ref}`)));
  const strip = (value: Json): Json => {
    if (Array.isArray(value)) return value.filter(keep).map(strip);
    if (!isObject(value)) return value;
    const copy: JsonObject = {};
    for (const [key, child] of Object.entries(value)) {
      if (!keep(child)) continue;
      const stripped = strip(child);
      if (key === 'allOf' && Array.isArray(stripped) && stripped.length === 0) continue;
      copy[key] = stripped;
    }
    return copy;
  };
  return strip(document) as OpenApiDocument;
}

/** Reads the node at a JSON pointer (`/paths/~1pets/get`), or undefined. */
export function nodeAt(document: unknown, pointer: string): unknown {
  return pointer
    .replace(/^#/, '')
    .split('/')
    .slice(1)
    .map((key) => key.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
}
