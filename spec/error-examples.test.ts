import { expect, it } from 'vitest';
import { allResponses, nodeAt, openapiDocument, resolve } from './document.ts';
import { documentAtLevel, type Level } from './levels.ts';

type Node = Record<string, unknown>;
type ErrorExample = { code?: unknown; message?: unknown; status?: unknown };

const LEVELS: Level[] = ['strict', 'interface'];

/** The codes x-error-codes gives each status ("404: no such pet…" under not_found). */
function codesByStatus(): Map<number, string[]> {
  const listed = nodeAt(
    openapiDocument,
    '/components/schemas/Error/properties/code/x-error-codes',
  ) as Record<string, string>;
  const codes = new Map<number, string[]>();
  for (const [code, text] of Object.entries(listed)) {
    const status = /^([0-9]{3}): /.exec(text)?.[1];
    if (status !== undefined)
      codes.set(Number(status), [...(codes.get(Number(status)) ?? []), code]);
  }
  return codes;
}

/** Every error response of a level, with its JSON media type and the schema it resolves to. */
function errorResponses(level: Level) {
  const document = documentAtLevel(level);
  return allResponses(document)
    .filter((r) => r.status >= 400)
    .map((r) => {
      const at = `${r.pointer}/content/application~1json`;
      const media = (nodeAt(document, at) ?? {}) as Node;
      const schema = resolve(document, `${at}/schema`)?.node ?? {};
      return { name: `${level} ${r.operationId} ${r.status}`, status: r.status, media, schema };
    });
}

it('gives every error response of both levels named examples of its own status and codes', () => {
  const codes = codesByStatus();
  for (const level of LEVELS) {
    const found = errorResponses(level);
    expect(found.length, level).toBeGreaterThan(0);
    for (const { name, status, media } of found) {
      const examples = Object.entries((media.examples ?? {}) as Record<string, Node>);
      expect(examples.length, name).toBeGreaterThan(0);
      for (const [key, example] of examples) {
        const value = example.value as ErrorExample;
        expect(value.status, `${name} ${key}`).toBe(status);
        expect(codes.get(status), `${name} ${key}`).toContain(value.code);
        expect(typeof value.message, `${name} ${key}`).toBe('string');
      }
    }
  }
});

it("leaves no example in front of an error response's own: none on the media type or its schema", () => {
  // Prism 5 (@stoplight/http-spec) puts the media type's `example`, else the schema's, before
  // the named `examples`, and answers the first: one shared example would answer every error.
  for (const level of LEVELS) {
    for (const { name, media, schema } of errorResponses(level)) {
      expect(media.example, name).toBeUndefined();
      expect(schema.example, name).toBeUndefined();
      expect(schema.examples, name).toBeUndefined();
    }
  }
});

it('names each example once per operation, so Prefer: example=NAME picks one answer', () => {
  for (const level of LEVELS) {
    const document = documentAtLevel(level);
    const names = new Map<string, string[]>();
    for (const r of allResponses(document)) {
      const at = `${r.pointer}/content/application~1json/examples`;
      const own = Object.keys((nodeAt(document, at) ?? {}) as Node);
      names.set(r.operationId, [...(names.get(r.operationId) ?? []), ...own]);
    }
    for (const [operation, list] of names) {
      expect(list, `${level} ${operation}`).toEqual([...new Set(list)]);
    }
  }
});
