/**
 * The choices a profile declares, as the live judge holds one proxied answer to them: the
 * suite's own declared checks (declared-checks.ts), each on the answers it is about.
 */
import type { Profile } from '../profile.ts';
import { type Check, check, receivedAndExpected } from './check.ts';
import {
  errorCodeDeclared,
  hasDefaultStatus,
  inDeclaredOrder,
  limitHandledAsDeclared,
  listed,
  nameAtLimitAccepted,
  nameOverLimitRefused,
  unknownFieldHandled,
} from './declared-checks.ts';
import type { RequestReading } from './live-requests.ts';
import { statusIn } from './status-checks.ts';

/** A check that judges only answers of these statuses (a declared choice on a 401 is moot). */
const onlyOn = (statuses: readonly number[], judge: Check): Check =>
  Object.assign(
    (exchange: Parameters<Check>[0]) =>
      statuses.includes(exchange.response.status) ? judge(exchange) : undefined,
    { rules: judge.rules },
  );

/** An integer `limit` outside 1..100, handled as declared (clamped, or refused with its status). */
export function declaredLimit(reading: RequestReading, profile: Profile): Check[] | undefined {
  const { limit, status } = reading;
  const declared = profile.outOfRangeLimit;
  if (declared === undefined || limit.kind !== 'invalid' || status.kind === 'invalid') return;
  if (!/^-?\d+$/.test(limit.text)) return;
  const answer = declared === 'clamp' ? 200 : declared;
  return [
    statusIn([answer, 401], 'declared-limit-range', 'for an out-of-range limit, as declared'),
    onlyOn([answer], limitHandledAsDeclared(declared, Number(limit.text))),
  ];
}

/** A page in the declared order (one page of a walk; newest-first needs the suite's timing). */
const inOrder = (order: 'id-asc' | 'id-desc' | 'name-asc'): Check =>
  check('declared-order', (exchange) => {
    const items = exchange.response.json;
    if (exchange.response.status !== 200 || !Array.isArray(items)) return undefined;
    if (!items.every((p) => typeof p === 'object' && p !== null && /^-?\d+$/.test(String(p.id))))
      return undefined; // the schema check says what is wrong with such items
    const failure = inDeclaredOrder(order, listed(items), new Map())(exchange);
    return failure && { title: failure.title, ...receivedAndExpected(failure.message) };
  });

/** The declared order of a list, for the orders one page can show. */
export function declaredOrder(profile: Profile): Check[] {
  const { order } = profile;
  return order === 'id-asc' || order === 'id-desc' || order === 'name-asc' ? [inOrder(order)] : [];
}

const FIELDS = new Set(['id', 'name', 'categoryId', 'status']);

/** The declared default status, name length and unknown fields, for a valid creation `sent`. */
export function declaredCreation(sent: Record<string, unknown>, profile: Profile): Check[] {
  const checks: Check[] = [];
  if (profile.defaultStatus !== undefined && !Object.hasOwn(sent, 'status'))
    checks.push(onlyOn([201], hasDefaultStatus(profile.defaultStatus)));
  const max = profile.maxNameLength;
  const length = typeof sent.name === 'string' ? [...sent.name].length : undefined;
  if (max !== undefined && length === max)
    checks.push(onlyOn([201, 400, 422], nameAtLimitAccepted(max)));
  if (max !== undefined && length !== undefined && length > max)
    checks.push(nameOverLimitRefused(max));
  const unknown = Object.keys(sent).find((key) => !FIELDS.has(key));
  if (profile.unknownFields !== undefined && unknown !== undefined)
    checks.push(onlyOn([200, 201, 400, 422], unknownFieldHandled(profile.unknownFields, unknown)));
  return checks;
}

/** The declared `code` of an error answer's status, when the profile declares one. */
export const declaredCode = (profile: Profile): Check[] =>
  Object.entries(profile.errorCodes ?? {}).map(([status, code]) =>
    onlyOn([Number(status)], errorCodeDeclared(code)),
  );
