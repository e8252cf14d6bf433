/**
 * Checks of the status code (Schemathesis's not_a_server_error and
 * status_code_conformance), each citing the rule that says which statuses are allowed.
 */

import type { OperationId } from '../client/http.ts';
import { type Check, check, type RuleId, show } from './check.ts';
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

/** A 5xx is never an answer the contract allows: the server failed on the request. */
export const notServerError = (rule: RuleId): Check =>
  explainsStatus(
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
