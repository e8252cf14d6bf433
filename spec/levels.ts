/**
 * The two contract levels of the spec. Every object carrying `x-decision` is a rule this
 * project chose where the interface is silent; the interface level is the document with
 * them removed, the strict level the document as written.
 */
import { escapeKey, type Json, type OpenApiDocument, openapiDocument } from './document.ts';

/** The two levels of the contract: the interface's own rules, or those plus our decisions. */
export type Level = 'interface' | 'strict';

/** One marked decision: where it sits in the document and why it was taken. */
export type Decision = { pointer: string; reason: string };

type JsonObject = { [key: string]: Json };

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

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
export function documentAtLevel(
  level: Level,
  document: OpenApiDocument = openapiDocument,
): OpenApiDocument {
  if (level === 'strict') return document;
  if (document !== openapiDocument) return strip(document);
  interfaceDocument ??= strip(document);
  return interfaceDocument;
}

let interfaceDocument: OpenApiDocument | undefined;

function strip(document: OpenApiDocument): OpenApiDocument {
  const removed = new Set(listDecisions(document).map((d) => `#${d.pointer}`));
  const keep = (value: Json): boolean =>
    !(isObject(value) && (typeof value['x-decision'] === 'string' || removed.has(`${value.$ref}`)));
  const copyKept = (value: Json): Json => {
    if (Array.isArray(value)) return value.filter(keep).map(copyKept);
    if (!isObject(value)) return value;
    const copy: JsonObject = {};
    for (const [key, child] of Object.entries(value)) {
      if (!keep(child)) continue;
      const stripped = copyKept(child);
      if (key === 'allOf' && Array.isArray(stripped) && stripped.length === 0) continue;
      copy[key] = stripped;
    }
    return copy;
  };
  return copyKept(document) as OpenApiDocument;
}
