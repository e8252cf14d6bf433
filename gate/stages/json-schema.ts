/**
 * Turns a schema of the spec (OpenAPI 3.1, JSON Schema 2020-12 with `$ref`s) into one
 * self-contained draft-07 schema, the newest JSON Schema Dredd's validator (Gavel) reads;
 * the strict level's list of error codes (`x-error-codes`) becomes an `enum`.
 */
import { nodeAt } from '../../spec/document.ts';

type Schema = { [key: string]: unknown };

// Annotations and extensions a validator does not need; int32/int64 are unknown to Gavel's
// Ajv 6, which refuses unknown formats (integer-ness stays checked by `type`).
const dropped = new Set(['x-decision', 'example', 'examples', 'description']);
const unknownFormats = new Set(['int32', 'int64']);

/** Inlines every `$ref` (a `$ref` with siblings becomes an `allOf` of both, as in 3.1). */
function inline(document: unknown, node: unknown, depth: number): unknown {
  if (depth > 50) throw new Error('schema nesting deeper than 50: a $ref cycle?');
  if (Array.isArray(node)) return node.map((item) => inline(document, item, depth + 1));
  if (typeof node !== 'object' || node === null) return node;
  const copy: Schema = {};
  for (const [key, value] of Object.entries(node)) {
    if (dropped.has(key) || key === '$ref') continue;
    if (key === 'format' && typeof value === 'string' && unknownFormats.has(value)) continue;
    // The codes a strict server may use (the error-codes decision; gone at interface level).
    if (key === 'x-error-codes' && typeof value === 'object' && value !== null) {
      copy.enum = Object.keys(value);
      continue;
    }
    copy[key] = inline(document, value, depth + 1);
  }
  const ref = (node as Schema).$ref;
  if (typeof ref !== 'string') return copy;
  const target = nodeAt(document, ref);
  if (target === undefined) throw new Error(`unresolved $ref ${ref}`);
  const resolved = inline(document, target, depth + 1);
  return Object.keys(copy).length === 0 ? resolved : { allOf: [resolved, copy] };
}

/** The schema at `pointer` in `document`, self-contained, marked as draft-07. */
export function draft07SchemaAt(document: unknown, pointer: string): Schema {
  const schema = inline(document, nodeAt(document, pointer), 0) as Schema;
  return { $schema: 'http://json-schema.org/draft-07/schema#', ...schema };
}
