/**
 * Checks of the status code (Schemathesis's not_a_server_error and
 * status_code_conformance), each citing the rule that says which statuses are allowed.
 */

import { type Check, check, type RuleId, show } from './check.ts';
import type { OperationId } from './exchange.ts';
import type { ContractSpec } from './spec-model.ts';

/** The rule saying which statuses an operation answers with (for `other` routes: 404). */
export const RESPONSES_RULE = {
  listPets: 'list-responses',
  createPet: 'create-responses',
  getPet: 'get-responses',
  other: 'unknown-route-404',
} as const satisfies Record<OperationId, RuleId>;

const EXPLAINING = new WeakSet<Check>();

/**
 * Marks a check whose failure says all there is to say about a wrong status (a 5xx, a
 * valid key refused, an operation withdrawn): the other status checks are then not run.
 */
export const explainsStatus = (judge: Check): Check => {
  EXPLAINING.add(judge);
  return judge;
};

/** Whether a failure of this check explains the status (see explainsStatus). */
export const isExplaining = (judge: Check): boolean => EXPLAINING.has(judge);

const SERVER_ERROR = new WeakSet<Check>();

/** Whether a check is notServerError (the client reports a 5xx the moment it arrives). */
export const isServerErrorCheck = (judge: Check): boolean => SERVER_ERROR.has(judge);

/** A 5xx is never an answer the contract allows: the server failed on the request. */
export const notServerError = (rule: RuleId): Check => {
  const judge = explainsStatus(
    check(rule, ({ response }) =>
      response.status >= 500
        ? {
            title: 'Server error',
            received: `${response.status} ${show(response.json ?? response.text, 120)}`,
            expected: 'a documented status below 500',
          }
        : undefined,
    ),
  );
  SERVER_ERROR.add(judge);
  return judge;
};

/** The status is one the spec documents for the operation at the run's level. */
export const statusDocumented = (spec: ContractSpec, operation: OperationId): Check => {
  const documented = Object.keys(spec.responses(operation));
  const judge = check(RESPONSES_RULE[operation], ({ response }) =>
    documented.includes(String(response.status))
      ? undefined
      : {
          title: 'Undocumented status code',
          received: String(response.status),
          expected: `one of ${documented.join(', ')} for ${operation}`,
        },
  );
  return judgesStatus(judge);
};

const STATUS_CHECKS = new WeakSet<Check>();

/** Marks a check that judges the status alone: a 5xx is reported once, as a server error. */
export const judgesStatus = (judge: Check): Check => {
  STATUS_CHECKS.add(judge);
  return judge;
};

/** Whether a check judges the status alone (not run on a 5xx, which notServerError reports). */
export const isStatusCheck = (judge: Check): boolean => STATUS_CHECKS.has(judge);

/** The status is one of those a rule allows for this request. */
export const statusIn = (allowed: readonly number[], rule: RuleId, why: string): Check =>
  judgesStatus(
    check(rule, ({ response }) =>
      allowed.includes(response.status)
        ? undefined
        : {
            title: `Expected ${allowed.join(' or ')}, got ${response.status}`,
            received: `${response.status} ${show(response.json ?? response.text, 160)}`,
            expected: `status ${allowed.join(' or ')} ${why}`,
          },
    ),
  );

/**
 * For a request in a gap of the interface ("error statuses other than those above: not
 * shown"): one of `allowed`, or else any refusal with a client error other than 401 (which
 * says the key is wrong), e.g. 422; the Error shape is checked for every error alike.
 */
export const statusInOrRefused = (allowed: readonly number[], rule: RuleId, why: string): Check =>
  judgesStatus(
    check(rule, ({ response }) =>
      allowed.includes(response.status) ||
      (response.status >= 400 && response.status < 500 && response.status !== 401)
        ? undefined
        : {
            title: `Expected ${allowed.join(' or ')} or another refusal (4xx), got ${response.status}`,
            received: `${response.status} ${show(response.json ?? response.text, 160)}`,
            expected: `status ${allowed.join(' or ')}, or a 4xx other than 401, ${why}`,
          },
    ),
  );

/**
 * For a valid creation under another label than JSON, a gap of the interface: read (201) or
 * refused with a client error other than 401, either at interface level; the one a profile
 * declares (`otherMediaTypes`) when it declares one. A read body is judged as any creation.
 */
export const readOrRefused = (declared: 'read' | 'refuse' | undefined, why: string): Check =>
  judgesStatus(
    check(['create-responses', 'declared-media-types'], ({ response }) => {
      const { status } = response;
      const received = `${status} ${show(response.json ?? response.text, 160)}`;
      const read = status === 201;
      const refused = status >= 400 && status < 500 && status !== 401;
      if (read && declared === 'refuse')
        return {
          rule: 'declared-media-types',
          title: 'Read a body under another media type, though the profile declares refuse',
          received,
          expected: `a 4xx Error refusing it ${why} (otherMediaTypes: refuse)`,
        };
      if (refused && declared === 'read')
        return {
          rule: 'declared-media-types',
          title: 'Refused a body under another media type, though the profile declares read',
          received,
          expected: `201, the body read and stored ${why} (otherMediaTypes: read)`,
        };
      if (read || refused) return undefined;
      return {
        title: `Expected 201 (read) or a 4xx refusal, got ${status}`,
        received,
        expected: `201 with the animal as sent, or a 4xx other than 401 refusing it, ${why}`,
      };
    }),
  );

const REDIRECTS = [301, 302, 303, 307, 308];

/** How a redirect's Location differs from the address asked: a trailing slash, or elsewhere. */
function whereTo(url: string, location: string | undefined): string {
  if (location === undefined) return 'with no Location';
  let target: URL;
  try {
    target = new URL(location, url);
  } catch {
    return `to ${location}`;
  }
  const asked = new URL(url);
  if (target.pathname === `${asked.pathname}/`) return 'to the same path with a trailing slash';
  if (`${target.pathname}/` === asked.pathname)
    return 'to the same path without its trailing slash';
  if (target.pathname === asked.pathname && target.protocol !== asked.protocol)
    return `to ${target.protocol.replace(':', '')}`;
  return `to ${target.pathname === asked.pathname ? location : target.pathname}`;
}

/**
 * A 3xx is none of the statuses the interface lists: the operation was not answered at its
 * own path (a framework's trailing-slash redirect, a move to https). One failure says so,
 * with the Location, instead of every rule the missing answer would seem to break.
 */
export const notRedirected: Check = explainsStatus(
  check('served-at-path', ({ request, response, url }) => {
    const { status } = response;
    if (status < 300 || status >= 400) return undefined;
    const location = response.headers.location;
    const path = new URL(url).pathname;
    return {
      title: REDIRECTS.includes(status)
        ? `Redirected (${status}) ${whereTo(url, location)}`
        : `Answered ${status}, a 3xx, instead of serving the request`,
      received: `${status}${location === undefined ? '' : ` Location: ${location}`}`,
      expected: `${request.method} ${path} served at that path with a status the interface lists (clients do not resend a POST's body to a new address, and the suite follows no redirect)`,
    };
  }),
);

/** Whether a failure says the request was redirected: nothing else about that answer counts. */
export const isRedirect = (failure: { rule: RuleId }): boolean => failure.rule === 'served-at-path';
