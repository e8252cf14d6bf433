/**
 * The checks run on every exchange of a run: those of checks.ts, the documented headers,
 * the key being accepted, the base path, and those of a deprecated operation
 * (deprecation-checks.ts), assembled once per operation.
 */
import { operation as operationOf } from '../document.ts';
import { listRules } from '../rules.ts';
import { type Check, check, type RuleId } from './check.ts';
import {
  bodyMatchesSchema,
  errorBodyIsError,
  errorCodeListed,
  errorStatusMatches,
  jsonContentType,
  notServerError,
  RESPONSES_RULE,
} from './checks.ts';
import { servedUntilSunset, sunsetAgrees } from './deprecation-checks.ts';
import { headerOf, type OperationId } from './exchange.ts';
import type { ContractSpec } from './spec-model.ts';
import { explainsStatus, notRedirected } from './status-checks.ts';

/** The rules stated on a documented header's element (all of them are decisions today). */
const headerRules = (pointers: string[]): RuleId[] =>
  listRules()
    .filter((rule) => pointers.some((p) => rule.element === `#${p.replace(/\/schema$/, '')}`))
    .map((rule) => rule.id);

/** Each header the spec documents for the response, when present, matches its schema. */
export function headersMatchSchema(spec: ContractSpec, operation: OperationId): Check | undefined {
  const all = Object.values(spec.responses(operation)).flatMap((r) => Object.values(r.headers));
  const rules = headerRules(all.map((p) => p.replace(/^#/, '')));
  if (rules.length === 0) return undefined;
  return check(rules, ({ response }) => {
    const documented = spec.responses(operation)[String(response.status)]?.headers ?? {};
    for (const [name, schema] of Object.entries(documented)) {
      const value = response.headers[name];
      if (value === undefined || spec.validator.validate(schema, value, name).length === 0)
        continue;
      return {
        rule: headerRules([schema.replace(/^#/, '')])[0],
        title: `Header ${name} does not match the spec`,
        received: `${name}: ${value}`,
        expected: `a value valid against ${schema}`,
      };
    }
    return undefined;
  });
}

/**
 * A request carrying exactly `Authorization: Bearer <key>` is never refused as
 * unauthenticated, whatever the case of the header's name (RFC 9110, 5.1).
 */
export const keyAccepted = (apiKey: string): Check =>
  explainsStatus(
    check('auth-required', ({ request, response }) =>
      headerOf(request.headers, 'authorization') === `Bearer ${apiKey}` && response.status === 401
        ? {
            title: `The valid key was refused in a header named ${authName(request.headers)}`,
            received: `401 for ${authName(request.headers)}: Bearer <the key given with --api-key>`,
            expected: 'the request served (any status but 401)',
          }
        : undefined,
    ),
  );

/** The operations are served under a base path whose last segment is the version `/v1`. */
export const basePathVersioned = (basePath: string): Check =>
  check('base-path', ({ url, request }) => {
    const path = new URL(url).pathname;
    const operationPath = request.path.split('?')[0] ?? '';
    const base = path.slice(0, path.length - operationPath.length);
    return base.endsWith(basePath)
      ? undefined
      : {
          title: `Operations are not served under ${basePath}`,
          received: `base path "${base || '/'}"`,
          expected: `a base path ending in ${basePath}`,
        };
  });

/** The Authorization header's name as the request wrote it. */
const authName = (headers: Record<string, string>) =>
  Object.keys(headers).find((h) => h.toLowerCase() === 'authorization') ?? 'Authorization';

const cache = new Map<string, Check[]>();

/**
 * The checks every exchange of an operation must pass, whatever statuses its request allows;
 * without `apiKey` (the proxy does not know which keys the backend takes) the key is not judged.
 */
export function commonChecks(spec: ContractSpec, operation: OperationId, apiKey?: string): Check[] {
  const key = `${spec.level} ${operation} ${apiKey === undefined ? '' : `key ${apiKey}`}`;
  let checks = cache.get(key);
  if (!checks) {
    const headers = headersMatchSchema(spec, operation);
    const node = operation === 'other' ? {} : operationOf(operation).node;
    const sunset = typeof node['x-sunset'] === 'string' ? node['x-sunset'] : undefined;
    checks = [
      notRedirected,
      notServerError(RESPONSES_RULE[operation]),
      jsonContentType,
      errorBodyIsError(spec),
      errorCodeListed(spec),
      bodyMatchesSchema(spec, operation),
      errorStatusMatches,
      ...(apiKey === undefined ? [] : [keyAccepted(apiKey)]),
      ...(headers ? [headers] : []),
      ...(sunset ? [servedUntilSunset(sunset), sunsetAgrees(sunset)] : []),
    ];
    cache.set(key, checks);
  }
  return checks;
}
