/**
 * Contract checks: small pure functions over one exchange that return nothing when
 * it conforms, or a failure naming what broke and the statement it breaks.
 */
import type { Exchange } from './http.ts';
import type { ContractSpec } from './spec-model.ts';
import type { StatementId } from './statements.ts';

/** A broken rule: a title, `Received: … / Expected: …`, and the statement it breaks. */
export type Failure = { title: string; message: string; statement: StatementId };

/** A check of one exchange. */
export type Check = (exchange: Exchange) => Failure | undefined;

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Shows a value briefly, bigints as their digits. */
export const show = (value: unknown): string => {
  const text = JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v));
  return text === undefined ? String(value) : text.length > 200 ? `${text.slice(0, 200)}…` : text;
};
const fail = (title: string, received: string, expected: string, statement: StatementId) => ({
  title,
  message: `Received: ${received}\nExpected: ${expected}`,
  statement,
});
const STATEMENT_OF = {
  listPets: 'listResponses',
  createPet: 'createResponses',
  getPet: 'getResponses',
} as const;

/** Nothing answers with a server error. */
export const notServerError: Check = ({ response }) =>
  response.status >= 500
    ? fail(
        'Server error',
        `${response.status} ${response.text.slice(0, 120)}`,
        'a status below 500',
        'serverFaults',
      )
    : undefined;

/** The status is one the spec documents for the operation (at the spec's level). */
export const statusDocumented =
  (spec: ContractSpec): Check =>
  ({ request, response }) => {
    if (request.operation === 'other') return undefined;
    const documented = Object.keys(spec.responses(request.operation));
    return documented.includes(String(response.status))
      ? undefined
      : fail(
          'Undocumented status code',
          String(response.status),
          `one of ${documented.join(', ')} for ${request.operation}`,
          STATEMENT_OF[request.operation],
        );
  };

/** A response with a body declares a JSON media type and its body parses as JSON. */
export const jsonContentType: Check = ({ response }) => {
  if (response.status === 204 || response.status === 304) return undefined;
  const type = response.headers['content-type'] ?? '(none)';
  if (!/^application\/([\w.-]+\+)?json\s*(;|$)/i.test(type))
    return fail(
      'Response is not JSON',
      `Content-Type ${type}`,
      'Content-Type application/json',
      'json',
    );
  if (!response.isJson)
    return fail('Body is not valid JSON', show(response.text), 'a JSON document', 'json');
  return undefined;
};

/** The body matches the schema documented for the operation and status. */
export const bodyMatchesSchema =
  (spec: ContractSpec): Check =>
  ({ request, response }) => {
    if (request.operation === 'other' || !response.isJson || response.status >= 400)
      return undefined;
    const schema = spec.responses(request.operation)[String(response.status)]?.schema;
    if (!schema) return undefined;
    const issues = spec.validator.validate(schema, response.json, 'body');
    if (issues.length === 0) return undefined;
    const name = schema.split('/').pop();
    const statement = STATEMENT_OF[request.operation];
    return fail(
      `Response body does not match the ${name} schema`,
      `${issues.map((i) => i.message).join('; ')} in ${show(response.json)}`,
      `a body valid against ${schema}`,
      statement,
    );
  };

/** Every error response carries a valid Error object (documented or not). */
export const errorBodyIsError =
  (spec: ContractSpec): Check =>
  ({ response }) => {
    if (response.status < 400 || !response.isJson) return undefined;
    const issues = spec.validator.validate('#/components/schemas/Error', response.json, 'body');
    return issues.length === 0
      ? undefined
      : fail(
          'Error response does not carry a valid Error object',
          `${issues.map((i) => i.message).join('; ')} in ${show(response.json)}`,
          '{ code: string, message: string, status: integer }',
          'errorShape',
        );
  };

/** An error body's `status` equals the HTTP status. */
export const errorStatusMatches: Check = ({ response }) => {
  if (response.status < 400 || !isObject(response.json) || !('status' in response.json))
    return undefined;
  const inBody = response.json.status;
  return String(inBody) === String(response.status)
    ? undefined
    : fail(
        'Error.status differs from the HTTP status',
        `status ${show(inBody)} in the body`,
        `status ${response.status}`,
        'errorStatus',
      );
};

/** Each header the spec documents for this response, when present, matches its schema. */
export const headersMatchSchema =
  (spec: ContractSpec): Check =>
  ({ request, response }) => {
    if (request.operation === 'other') return undefined;
    const documented = spec.responses(request.operation)[String(response.status)]?.headers ?? {};
    for (const [name, schema] of Object.entries(documented)) {
      const value = response.headers[name];
      if (value === undefined) continue;
      const issues = spec.validator.validate(schema, value, name);
      if (issues.length > 0)
        return fail(
          `Header ${name} does not match the spec`,
          `${name}: ${value}`,
          `a value valid against ${schema}`,
          'specResponses',
        );
    }
    return undefined;
  };

/** The checks every exchange must pass, whatever statuses its request allows. */
export const everyResponseChecks = (spec: ContractSpec): Check[] => [
  notServerError,
  jsonContentType,
  errorBodyIsError(spec),
  bodyMatchesSchema(spec),
  errorStatusMatches,
  headersMatchSchema(spec),
];

/** The status is one of those allowed by a statement. */
export const statusIn =
  (allowed: readonly number[], statement: StatementId, why: string): Check =>
  ({ response }) =>
    allowed.includes(response.status)
      ? undefined
      : fail(
          `Expected ${allowed.join(' or ')} ${why}`,
          `${response.status} ${show(response.json ?? response.text)}`,
          `status ${allowed.join(' or ')}`,
          statement,
        );

/** The answer is an Error object (whatever its status), as every error must be. */
export const isErrorObject: Check = ({ response }) => {
  const body = response.json;
  const ok =
    isObject(body) &&
    typeof body.code === 'string' &&
    typeof body.message === 'string' &&
    typeof body.status === 'number';
  return ok
    ? undefined
    : fail(
        'Error response without an Error object',
        show(body ?? response.text),
        '{ code: string, message: string, status: integer }',
        'errorShape',
      );
};
