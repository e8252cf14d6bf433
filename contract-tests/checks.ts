/**
 * The checks every response must pass, whatever was asked (Schemathesis's
 * not_a_server_error, status_code_conformance, content_type_conformance,
 * response_schema_conformance and response_headers_conformance), each citing its rule.
 */
import { type Check, check, isObject, type RuleId, show } from './check.ts';
import type { OperationId } from './http.ts';
import { ruleOfIssue, schemaRules } from './schema-rules.ts';
import type { ContractSpec } from './spec-model.ts';

/** The rule saying which statuses an operation answers with (for `other` routes: 404). */
export const RESPONSES_RULE = {
  listPets: 'list-responses',
  createPet: 'create-responses',
  getPet: 'get-responses',
  other: 'unknown-route-404',
} as const satisfies Record<OperationId, RuleId>;

/** A 5xx is never an answer the contract allows: the server failed on the request. */
export const notServerError = (rule: RuleId): Check =>
  check(rule, ({ response }) =>
    response.status >= 500
      ? {
          title: 'Server error',
          received: `${response.status} ${show(response.json ?? response.text, 120)}`,
          expected: 'a documented status below 500',
        }
      : undefined,
  );

/** The status is one the spec documents for the operation at the run's level. */
export const statusDocumented = (spec: ContractSpec, operation: OperationId): Check => {
  const documented = Object.keys(spec.responses(operation));
  return check(RESPONSES_RULE[operation], ({ response }) =>
    documented.includes(String(response.status))
      ? undefined
      : {
          title: 'Undocumented status code',
          received: String(response.status),
          expected: `one of ${documented.join(', ')} for ${operation}`,
        },
  );
};

/** A response with a body declares a JSON media type and its body parses as JSON. */
export const jsonContentType: Check = check('json', ({ response }) => {
  if (response.status === 204 || response.status === 304) return undefined;
  const type = response.headers['content-type'] ?? '(none)';
  if (!/^application\/([\w.-]+\+)?json\s*(;|$)/i.test(type))
    return {
      title: 'Response is not JSON',
      received: `Content-Type ${type}`,
      expected: 'Content-Type application/json',
    };
  if (!response.isJson)
    return { title: 'Body is not valid JSON', received: show(response.text), expected: 'JSON' };
  return undefined;
});

/** A successful body matches the schema documented for the operation and status. */
export const bodyMatchesSchema = (spec: ContractSpec, operation: OperationId): Check => {
  const documented = Object.entries(spec.responses(operation)).filter(
    ([status, r]) => Number(status) < 400 && r.schema,
  );
  const rules = documented.flatMap(([, r]) =>
    schemaRules(spec.document, r.schema ?? '', spec.level),
  );
  return check([RESPONSES_RULE[operation], ...new Set(rules)], ({ response }) => {
    const schema = spec.responses(operation)[String(response.status)]?.schema;
    if (!schema || !response.isJson || response.status >= 400) return undefined;
    const issues = spec.validator.validate(schema, response.json, 'body');
    const [first] = issues;
    if (!first) return undefined;
    return {
      rule: ruleOfIssue(spec.document, schema, first, spec.level, RESPONSES_RULE[operation]),
      title: `Response body does not match the ${schema.split('/').pop()} schema`,
      received: `${issues.map((i) => i.message).join('; ')} in ${show(response.json)}`,
      expected: `a body valid against ${schema}`,
    };
  });
};

const ERROR = '#/components/schemas/Error';

/** Every error response (documented or not) carries a valid Error object. */
export const errorBodyIsError = (spec: ContractSpec): Check =>
  check(schemaRules(spec.document, ERROR, spec.level), ({ response }) => {
    if (response.status < 400 || !response.isJson) return undefined;
    const issues = spec.validator.validate(ERROR, response.json, 'body');
    const [first] = issues;
    if (!first) return undefined;
    return {
      rule: ruleOfIssue(spec.document, ERROR, first, spec.level, 'error-shape'),
      title: 'Error response does not carry a valid Error object',
      received: `${issues.map((i) => i.message).join('; ')} in ${show(response.json)}`,
      expected: '{ code: string, message: string, status: integer }',
    };
  });

/** An error body's `status` equals the HTTP status. */
export const errorStatusMatches: Check = check('error-status', ({ response }) => {
  if (response.status < 400 || !isObject(response.json) || !('status' in response.json))
    return undefined;
  const inBody = response.json.status;
  return String(inBody) === String(response.status)
    ? undefined
    : {
        title: 'Error.status differs from the HTTP status',
        received: `status ${show(inBody)} in the body`,
        expected: `status ${response.status}`,
      };
});

/** The answer is an Error object whatever its status or media type, as every error must be. */
export const isErrorObject: Check = check('error-shape', ({ response }) => {
  const body = response.json;
  const ok =
    isObject(body) &&
    typeof body.code === 'string' &&
    typeof body.message === 'string' &&
    typeof body.status === 'number';
  return ok
    ? undefined
    : {
        title: 'Error response without an Error object',
        received: show(body ?? response.text),
        expected: '{ code: string, message: string, status: integer }',
      };
});

/** The status is one of those a rule allows for this request. */
export const statusIn = (allowed: readonly number[], rule: RuleId, why: string): Check =>
  check(rule, ({ response }) =>
    allowed.includes(response.status)
      ? undefined
      : {
          title: `Expected ${allowed.join(' or ')} ${why}`,
          received: `${response.status} ${show(response.json ?? response.text, 160)}`,
          expected: `status ${allowed.join(' or ')}`,
        },
  );
