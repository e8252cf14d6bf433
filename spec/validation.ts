/**
 * JSON Schema validation compiled from the spec's own schemas (OpenAPI 3.1 is
 * JSON Schema 2020-12), at either contract level, with exact int64 checks.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { type OpenApiDocument, openapiDocument } from './document.ts';
import { documentAtLevel, type Level } from './levels.ts';

/** One way a value breaks its schema, with a message naming the field and the rule. */
export type SchemaIssue = { path: string; message: string; keyword?: string };

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
// The largest doubles strictly inside the int64 range, standing in for exact bigints.
const DOUBLE_BELOW_2_63 = 2 ** 63 - 1024;
const OUT_OF_RANGE = 1e300;

/**
 * Replaces bigints (exact integers from parseJson) by numbers that keep their verdict:
 * an in-range bigint becomes an in-range integer, an out-of-range one stays out of range.
 */
function forValidation(value: unknown): unknown {
  if (typeof value === 'bigint') {
    if (value > INT64_MAX) return OUT_OF_RANGE;
    if (value < INT64_MIN) return -OUT_OF_RANGE;
    const n = Number(value);
    return Math.max(-DOUBLE_BELOW_2_63, Math.min(DOUBLE_BELOW_2_63, n));
  }
  if (Array.isArray(value)) return value.map(forValidation);
  if (typeof value === 'object' && value !== null) {
    const copy: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      Object.defineProperty(copy, key, { value: forValidation(child), enumerable: true });
    }
    return copy;
  }
  return value;
}

// Most values hold no bigint; finding that out is cheaper than copying them.
const containsBigInt = (value: unknown): boolean => {
  if (typeof value === 'bigint') return true;
  if (typeof value !== 'object' || value === null) return false;
  for (const child of Array.isArray(value) ? value : Object.values(value)) {
    if (containsBigInt(child)) return true;
  }
  return false;
};

const ruleOf = (error: ErrorObject): string => {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'type':
      return `must be ${p.type === 'integer' ? 'an integer' : `a ${p.type}`}`;
    case 'format':
      return p.format === 'int64'
        ? 'must be an integer within int64'
        : p.format === 'int32'
          ? 'must be an integer within int32'
          : `must match format ${p.format}`;
    case 'enum':
      return `must be one of ${(p.allowedValues as unknown[]).join(', ')}`;
    case 'minimum':
      return `must be at least ${p.limit}`;
    case 'maximum':
      return `must be at most ${p.limit}`;
    case 'minLength':
      return `must be at least ${p.limit} character${p.limit === 1 ? '' : 's'} long`;
    case 'maxLength':
      return `must be at most ${p.limit} characters long`;
    case 'pattern':
      return p.pattern === '\\S'
        ? 'must contain a non-whitespace character'
        : `must match ${p.pattern}`;
    case 'maxItems':
      return `must have at most ${p.limit} items`;
    default:
      return error.message ?? error.keyword;
  }
};

/** Turns Ajv errors into one message per field, naming the field and the rule. */
function describe(errors: ErrorObject[], root: string): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  for (const error of errors) {
    const field = error.instancePath.slice(1).replaceAll('/', '.') || root;
    const p = error.params as Record<string, unknown>;
    if (error.keyword === 'required') {
      const name = String(p.missingProperty);
      const path = field === root ? name : `${field}.${name}`;
      issues.push({ path, message: `${path} is required`, keyword: error.keyword });
    } else if (error.keyword === 'additionalProperties') {
      const name = String(p.additionalProperty);
      const path = field === root ? name : `${field}.${name}`;
      issues.push({ path, message: `property "${path}" is not allowed`, keyword: error.keyword });
    } else if (error.keyword === 'allOf' || error.keyword === 'if') {
    } else {
      issues.push({ path: field, message: `${field} ${ruleOf(error)}`, keyword: error.keyword });
    }
  }
  // A fraction breaks both `type: integer` and `format: int64`: the type says enough.
  const typed = new Set(errors.filter((e) => e.keyword === 'type').map((e) => e.instancePath));
  return issues.filter(
    (issue, i) =>
      issues.findIndex((other) => other.message === issue.message) === i &&
      !(issue.message.endsWith('within int64') && typed.has(`/${issue.path.replaceAll('.', '/')}`)),
  );
}

/** Validates values against schemas of the spec, addressed by JSON pointer. */
export type SchemaValidator = {
  /** Returns no issue when `value` matches the schema at `pointer` (e.g. `#/components/schemas/Pet`). */
  validate(pointer: string, value: unknown, root?: string): SchemaIssue[];
};

const SPEC_ID = 'https://petstore.example/openapi.json';

/** Compiles the spec's schemas at the given level, for validating bodies and parameters. */
export function createSchemaValidator(
  level: Level,
  document: OpenApiDocument = openapiDocument,
): SchemaValidator {
  const ajv = new Ajv2020({ allErrors: true, strict: true, validateFormats: true });
  ajv.addVocabulary(['components', 'example', 'x-decision', 'x-rules', 'x-error-codes']);
  ajv.addFormat('int64', {
    type: 'number',
    validate: (n: number) => Number.isInteger(n) && Math.abs(n) < 2 ** 63,
  });
  ajv.addFormat('int32', {
    type: 'number',
    validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31,
  });
  ajv.addFormat('uri-reference', true);
  const { components } = documentAtLevel(level, document);
  ajv.addSchema({ $id: SPEC_ID, components }, SPEC_ID);
  const compiled = new Map<string, ValidateFunction>();
  return {
    validate(pointer, value, root = 'body') {
      let check = compiled.get(pointer);
      if (!check) {
        check = ajv.getSchema(`${SPEC_ID}${pointer}`);
        if (!check) throw new Error(`no schema at ${pointer} in spec/openapi.yaml`);
        compiled.set(pointer, check);
      }
      if (check(containsBigInt(value) ? forValidation(value) : value)) return [];
      return describe(check.errors ?? [], root);
    },
  };
}

const shared = new Map<Level, SchemaValidator>();

/** The validator of the spec's own document at a level, compiled once per process. */
export function specValidator(level: Level): SchemaValidator {
  let validator = shared.get(level);
  if (!validator) {
    validator = createSchemaValidator(level);
    shared.set(level, validator);
  }
  return validator;
}
