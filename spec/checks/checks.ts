/**
 * Checks of what a response carries, whatever was asked (Schemathesis's
 * content_type_conformance and response_schema_conformance), each citing its rule; the
 * status checks are in status-checks.ts, and re-exported here.
 */

import { resolve } from '../document.ts';
import type { RuleId as SpecRuleId } from '../rules.ts';
import { type Check, check, type Failure, fail, isObject, type RuleId, show } from './check.ts';
import type { Exchange, OperationId } from './exchange.ts';
import { ruleOfIssue, schemaRules } from './schema-rules.ts';
import type { ContractSpec } from './spec-model.ts';
import { RESPONSES_RULE } from './status-checks.ts';

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
  if (response.text.startsWith('\uFEFF'))
    return {
      title: 'Body starts with a byte order mark',
      received: `U+FEFF, then ${show(response.text.slice(1), 80)}`,
      expected: 'JSON text without a byte order mark (RFC 8259, section 8.1)',
    };
  if (!response.isJson)
    return { title: 'Body is not valid JSON', received: show(response.text), expected: 'JSON' };
  return undefined;
});

/** How a body breaks its schema, as one verdict per rule: each lists that rule's problems only. */
type SchemaJudge = {
  rules: RuleId[];
  /** The schema a response's body is judged by (none: not judged), and the rule of a bare mismatch. */
  schemaOf: (response: Exchange['response']) => string | undefined;
  fallback: SpecRuleId;
  title: (schema: string, first: string) => string;
  expected: (schema: string) => string;
};

/** A check of a body against its schema that cites, for each rule broken, its own problems. */
function schemaCheck(spec: ContractSpec, judge: SchemaJudge): Check {
  const all = ({ response }: Exchange): Failure[] => {
    const schema = judge.schemaOf(response);
    if (!schema || !response.isJson) return [];
    const byRule = new Map<RuleId, string[]>();
    for (const issue of spec.validator.validate(schema, response.json, 'body')) {
      const rule = ruleOfIssue(spec.document, schema, issue, spec.level, judge.fallback);
      byRule.set(rule, [...(byRule.get(rule) ?? []), issue.message]);
    }
    return [...byRule].map(([rule, messages]) =>
      fail(
        rule,
        judge.title(schema, messages[0] as string),
        `${messages.join('; ')} in ${show(response.json)}`,
        judge.expected(schema),
      ),
    );
  };
  return Object.assign((exchange: Exchange) => all(exchange)[0], { rules: judge.rules, all });
}

/** A successful body matches the schema documented for the operation and status. */
export const bodyMatchesSchema = (spec: ContractSpec, operation: OperationId): Check => {
  const documented = Object.entries(spec.responses(operation)).filter(
    ([status, r]) => Number(status) < 400 && r.schema,
  );
  const rules = documented.flatMap(([, r]) =>
    schemaRules(spec.document, r.schema ?? '', spec.level),
  );
  return schemaCheck(spec, {
    rules: [RESPONSES_RULE[operation], ...new Set(rules)],
    schemaOf: (response) =>
      response.status < 400
        ? spec.responses(operation)[String(response.status)]?.schema
        : undefined,
    fallback: RESPONSES_RULE[operation],
    // What was seen: the first way the body breaks the rule (e.g. `id is required`).
    title: (schema, first) =>
      `Response body does not match the ${schema.split('/').pop()} schema: ${first}`,
    expected: (schema) => `a body valid against ${schema}`,
  });
};

const ERROR = '#/components/schemas/Error';

/** Every error response (documented or not) carries a valid Error object. */
export const errorBodyIsError = (spec: ContractSpec): Check =>
  schemaCheck(spec, {
    rules: schemaRules(spec.document, ERROR, spec.level),
    schemaOf: (response) => (response.status >= 400 ? ERROR : undefined),
    fallback: 'error-shape',
    title: () => 'Error response does not carry a valid Error object',
    expected: () => '{ code: string, message: string, status: integer }',
  });

/**
 * The codes the spec lists for `Error.code` (`x-error-codes`, this project's decision): none
 * at the interface level, where `code` is any string, as in the schema at both levels.
 */
function listedCodes(spec: ContractSpec): ReadonlySet<string> {
  const node = resolve(spec.document, `${ERROR}/properties/code`)?.node as
    | { 'x-error-codes'?: Record<string, unknown> }
    | undefined;
  return new Set(Object.keys(node?.['x-error-codes'] ?? {}));
}

/** At strict level, an error body's `code` is one of the codes the spec lists. */
export const errorCodeListed = (spec: ContractSpec): Check => {
  const codes = listedCodes(spec);
  return check('error-codes', ({ response }) => {
    if (codes.size === 0 || response.status < 400 || !isObject(response.json)) return undefined;
    const { code } = response.json;
    if (typeof code !== 'string' || codes.has(code)) return undefined;
    return {
      title: `Error code ${show(code)} is not one of the listed codes`,
      received: `code ${show(code)}`,
      expected: `one of ${[...codes].join(', ')} (x-error-codes)`,
    };
  });
};

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

/** An error answer is an Error object whatever its media type, as every error must be. */
export const isErrorObject: Check = check('error-shape', ({ response }) => {
  if (response.status < 400) return undefined; // not an error: the status check says so
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

export {
  isStatusCheck,
  notServerError,
  RESPONSES_RULE,
  statusDocumented,
  statusIn,
} from './status-checks.ts';
