/**
 * The accept-or-reject catalogue of createPet's body, derived from the spec: for every
 * property of the request body schema, unusual but well-formed values and malformed ones
 * (catalogue-values.ts) and values of every other JSON type (wrong-types.ts), plus each
 * required property left out and an unknown one added.
 * The spec's validator at the run's level says what each case must get:
 * - `reject`: the value breaks the schema, so 400 and nothing stored;
 * - `accept`: 201, and the value stored and returned exactly;
 * - `open`: the interface leaves the field's limits to the server (the strict spec records
 *   a decision adding keywords to its schema: names, categories, extra properties), so
 *   either answer passes, but an accepted value must still come back exactly.
 */

import { decisionOn, limitsOpen } from '../../spec/checks/schema-rules.ts';
import { nodeAt, requestBodySchema, resolve } from '../../spec/document.ts';
import { stringifyJson } from '../../spec/json.ts';
import { documentAtLevel, type Level } from '../../spec/levels.ts';
import type { RuleId } from '../../spec/rules.ts';
import { specValidator } from '../../spec/validation.ts';
import {
  type CatalogueValue,
  enumValues,
  integerValues,
  stringValues,
  unique,
} from './catalogue-values.ts';
import { wrongTypes } from './wrong-types.ts';

/** What a case must get: refused with 400, stored exactly, or either. */
export type Expectation = 'accept' | 'reject' | 'open';

/** One creation to try, and what it must get. */
export type BodyCase = {
  title: string;
  /** The body as the server must store it when it accepts it. */
  body: Record<string, unknown>;
  /** The exact JSON text sent. */
  rawBody: string;
  /** A unique text the stored name holds, when the case could carry one. */
  tag?: string;
  expect: Expectation;
  /** The rule cited when the answer is not the expected one. */
  rule: RuleId;
};

type Node = Record<string, unknown>;
const strictDocument = documentAtLevel('strict');
const RAW = '\u0000raw\u0000';

/**
 * The values to try for one property schema: its own edges, then other JSON types, built
 * around `sample`, a valid value of its own type.
 */
function valuesFor(
  schema: Node,
  tag: string,
  texts: readonly string[],
  sample: unknown,
): CatalogueValue[] {
  const own = Array.isArray(schema.enum)
    ? enumValues(schema)
    : schema.type === 'string'
      ? [
          ...stringValues(schema, tag),
          ...texts.map((text, i) => ({
            label: `generated text #${i + 1}`,
            value: `${tag} ${text}`,
          })),
        ]
      : schema.type === 'integer'
        ? integerValues(schema)
        : [];
  return unique([...own, ...wrongTypes(schema, sample)]);
}

type Draft = {
  title: string;
  body: Record<string, unknown>;
  tag?: string;
  /** The JSON text of one field's value, when JSON.stringify would write it otherwise. */
  raw?: { field: string; text: string };
  /** Whether the interface leaves the acceptance of this value to the server. */
  open: boolean;
  /** The decision whose keywords make the value invalid at strict level, if any. */
  decision?: RuleId;
};

/** The expectation of a draft at a level, and the rule to cite when it is not met. */
function judged(draft: Draft, level: Level, pointer: string): BodyCase {
  const valid = (at: Level) => specValidator(at).validate(pointer, draft.body).length === 0;
  const expect: Expectation = !valid(level)
    ? 'reject'
    : level === 'interface' && draft.open
      ? 'open'
      : 'accept';
  const decision = level === 'strict' ? draft.decision : undefined;
  const rule: RuleId =
    expect === 'open'
      ? 'create-responses'
      : expect === 'accept'
        ? (decision ?? 'new-pet-fields')
        : decision && valid('interface')
          ? decision
          : 'create-400';
  const text = stringifyJson(draft.raw ? { ...draft.body, [draft.raw.field]: RAW } : draft.body);
  const rawBody = draft.raw ? text.replace(JSON.stringify(RAW), draft.raw.text) : text;
  return { title: draft.title, body: draft.body, rawBody, tag: draft.tag, expect, rule };
}

/**
 * Creation cases for every property of createPet's body, tagged by `nextTag` (fixed-width
 * tags), with `texts` (generated) tried in every free-text property too.
 */
export function bodyCases(
  level: Level,
  categoryId: number | bigint,
  nextTag: () => string,
  texts: readonly string[] = [],
): BodyCase[] {
  const pointer = requestBodySchema('createPet', strictDocument) ?? '';
  const object = resolve(strictDocument, pointer);
  if (!object) throw new Error(`spec/openapi.yaml has no schema at ${pointer}`);
  const placeholder = nextTag();
  const drafts: Draft[] = [];
  for (const field of Object.keys((object.node.properties ?? {}) as Node)) {
    const at = `${object.pointer}/properties/${field}`;
    const target = resolve(strictDocument, at);
    const elements = [at, target?.pointer ?? at];
    const schema = target?.node ?? {};
    const sample =
      schema.type === 'integer'
        ? categoryId
        : Array.isArray(schema.enum)
          ? (schema.enum[0] as unknown)
          : 'Rex';
    for (const value of valuesFor(schema, placeholder, texts, sample)) {
      const tag = nextTag();
      const own =
        typeof value.value === 'string' ? value.value.replace(placeholder, tag) : value.value;
      const body: Record<string, unknown> = { name: tag, categoryId, [field]: own };
      drafts.push({
        title: `${field}: ${value.label}`,
        body,
        tag: typeof body.name === 'string' && body.name.includes(tag) ? tag : undefined,
        raw: value.raw === undefined ? undefined : { field, text: value.raw },
        open: limitsOpen(...elements),
        decision: decisionOn(...elements),
      });
    }
  }
  for (const field of (nodeAt(strictDocument, `${object.pointer}/required`) ?? []) as string[]) {
    const tag = nextTag();
    const body: Record<string, unknown> = { name: tag, categoryId };
    delete body[field];
    const tagged = body.name === tag ? tag : undefined;
    drafts.push({ title: `without the required ${field}`, body, tag: tagged, open: false });
  }
  const tag = nextTag();
  drafts.push({
    title: 'with an unknown property',
    body: { name: tag, categoryId, nickname: 'Rexy' },
    tag,
    open: limitsOpen(object.pointer),
    decision: decisionOn(object.pointer),
  });
  return drafts.map((draft) => judged(draft, level, pointer));
}
