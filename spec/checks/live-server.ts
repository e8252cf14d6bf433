/**
 * Which of the suite's checks judge the backend's answer to one proxied request, chosen by
 * what the app asked (spec/checks/live-requests.ts) and what the session saw before: the
 * checks the suite runs on the same kind of request, never a copy of them.
 */
import type { Profile } from '../profile.ts';
import { type Check, check } from './check.ts';
import { commonChecks } from './common-checks.ts';
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
import type { Request } from './exchange.ts';
import { namesTheAnimal } from './id-readings.ts';
import type { RequestReading } from './live-requests.ts';
import {
  createdEchoes,
  equalsPet,
  itemsHaveStatus,
  knownItemsUnchanged,
  newId,
  type Pet,
  pageAtMost,
} from './pet-checks.ts';
import type { ContractSpec } from './spec-model.ts';
import { isStatusCheck, readOrRefused, statusIn, statusInOrRefused } from './status-checks.ts';

/** The animals a session saw created, by id (text, exact), and their ids as a set. */
export type Remembered = { pets: ReadonlyMap<string, Pet>; ids: ReadonlySet<string> };

/** A check that judges only answers of these statuses (a declared choice on a 401 is moot). */
const onlyOn = (statuses: readonly number[], judge: Check): Check =>
  Object.assign(
    (exchange: Parameters<Check>[0]) =>
      statuses.includes(exchange.response.status) ? judge(exchange) : undefined,
    {
      rules: judge.rules,
    },
  );

const CANONICAL_POSITIVE = /^[1-9]\d*$/;
const FIELDS = new Set(['id', 'name', 'categoryId', 'status']);

/** The checks of a list: the suite's listPets and parameter catalogue, and the declared choices. */
function listChecks(reading: RequestReading, seen: Remembered, profile: Profile): Check[] {
  const { limit, status } = reading;
  const valid = limit.kind !== 'invalid' && limit.kind !== 'open' && status.kind !== 'invalid';
  const declared = profile.outOfRangeLimit;
  const outOfRange =
    limit.kind === 'invalid' && /^-?\d+$/.test(limit.text) ? Number(limit.text) : undefined;
  const checks: Check[] = [knownItemsUnchanged(seen.pets)];
  if (declared !== undefined && outOfRange !== undefined && status.kind !== 'invalid')
    checks.push(
      statusIn(
        [declared === 'clamp' ? 200 : declared, 401],
        'declared-limit-range',
        'for an out-of-range limit, as declared',
      ),
      onlyOn(
        [200, declared === 'clamp' ? 200 : declared],
        limitHandledAsDeclared(declared, outOfRange),
      ),
    );
  else if (valid) checks.push(statusIn([200, 401], 'list-responses', 'for a valid list request'));
  else
    checks.push(
      statusInOrRefused(
        [200, 400, 401],
        'list-responses',
        'for a list request the interface does not define',
      ),
    );
  checks.push(
    limit.kind === 'valid'
      ? pageAtMost(Number(limit.value), 'limit-max')
      : limit.kind === 'absent'
        ? pageAtMost(20, 'limit-default')
        : pageAtMost(100, 'page-size-max'),
  );
  if (status.kind === 'valid') checks.push(itemsHaveStatus(status.value));
  const order = profile.order;
  if (order === 'id-asc' || order === 'id-desc' || order === 'name-asc')
    checks.push(inOrder(order));
  return checks;
}

/** A page in the declared order (one page of a walk; newest-first needs the suite's timing). */
const inOrder = (order: 'id-asc' | 'id-desc' | 'name-asc'): Check =>
  check('declared-order', (exchange) => {
    const items = exchange.response.json;
    if (exchange.response.status !== 200 || !Array.isArray(items)) return undefined;
    if (!items.every((p) => typeof p === 'object' && p !== null && /^-?\d+$/.test(String(p.id))))
      return undefined; // the schema check says what is wrong with such items
    const failure = inDeclaredOrder(order, listed(items), new Map())(exchange);
    return failure && { title: failure.title, ...received(failure.message) };
  });

/** The `Received: …` and `Expected: …` of a failure's message. */
export const received = (message: string) => {
  const [got = '', want = ''] = message.split('\nExpected: ');
  return { received: got.replace(/^Received: /, ''), expected: want };
};

/** The checks of a creation: the suite's createPet, server-owned and declared ones. */
function createChecks(reading: RequestReading, seen: Remembered, profile: Profile): Check[] {
  const body = reading.body;
  if (body?.kind !== 'valid') {
    return [statusIn([400, 401], 'create-400', 'for an invalid creation body')];
  }
  const sent = body.value;
  const checks: Check[] = [
    reading.otherMediaType
      ? readOrRefused(profile.otherMediaTypes, 'for a JSON body labelled other than JSON')
      : statusIn([201, 400, 401], 'create-responses', 'for a valid creation'),
    createdEchoes(sent),
    onlyOn([201], newId(seen.ids)),
  ];
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

/** The petId a getPet request names, as sent (percent-decoded). */
export const petIdOf = (request: Request): string => {
  const raw = request.path.split('?')[0]?.replace(/^\/pets\//, '') ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
};

/** The checks of a read: a created animal found unchanged, another id named by the answer. */
function getChecks(request: Request, seen: Remembered): Check[] {
  const text = petIdOf(request);
  const pet = CANONICAL_POSITIVE.test(text) ? seen.pets.get(text) : undefined;
  if (pet)
    return [statusIn([200, 401], 'get-found', 'for an animal the backend created'), equalsPet(pet)];
  if (CANONICAL_POSITIVE.test(text))
    return [statusIn([200, 401, 404], 'get-404', 'for a well-formed id'), namesTheAnimal(text)];
  return [
    statusInOrRefused([200, 400, 401, 404], 'get-404', `for petId ${JSON.stringify(text)}`),
    namesTheAnimal(text),
  ];
}

/** The declared `code` of an error answer's status, when the profile declares one. */
const declaredCode = (profile: Profile): Check[] =>
  Object.entries(profile.errorCodes ?? {}).map(([status, code]) =>
    onlyOn([Number(status)], errorCodeDeclared(code)),
  );

/** Every check the backend's answer to `request` must pass. */
export function serverChecks(
  spec: ContractSpec,
  request: Request,
  reading: RequestReading,
  seen: Remembered,
  profile: Profile,
): Check[] {
  const { operation } = request;
  if (operation === 'other') return [];
  const common = [...commonChecks(spec, operation), ...declaredCode(profile)];
  const own =
    operation === 'listPets'
      ? listChecks(reading, seen, profile)
      : operation === 'createPet'
        ? createChecks(reading, seen, profile)
        : getChecks(request, seen);
  if (!reading.keyless) return [...common, ...own];
  // The suite's 401 for a request without a key; the proxy may have put its own key in
  // (--proxy-key), so an answer of another documented status is not held against it.
  const documented = Object.keys(spec.responses(operation)).map(Number);
  return [
    ...common,
    statusIn(documented, 'auth-401', 'for a request without a valid key'),
    ...own.filter((c) => !isStatusCheck(c)),
  ];
}
