/**
 * Which of the suite's checks judge the backend's answer to one proxied request, chosen by
 * what the app asked (spec/checks/live-requests.ts) and what the session saw before: the
 * checks the suite runs on the same kind of request, never a copy of them.
 */
import type { Profile } from '../profile.ts';
import type { Check } from './check.ts';
import { commonChecks } from './common-checks.ts';
import type { Request } from './exchange.ts';
import { namesTheAnimal } from './id-readings.ts';
import { declaredCode, declaredCreation, declaredLimit, declaredOrder } from './live-declared.ts';
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

// A positive id, and any integer id as written canonically (0 and negatives are int64 ids too).
const CANONICAL_POSITIVE = /^[1-9]\d*$/;
const CANONICAL_INTEGER = /^(0|-?[1-9]\d*)$/;

/** The checks of a list: the suite's listPets and parameter catalogue, and the declared choices. */
function listChecks(reading: RequestReading, seen: Remembered, profile: Profile): Check[] {
  const { limit, status } = reading;
  const valid = limit.kind !== 'invalid' && limit.kind !== 'open' && status.kind !== 'invalid';
  const checks: Check[] = [knownItemsUnchanged(seen.pets)];
  const declared = declaredLimit(reading, profile);
  if (declared) checks.push(...declared);
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
  return [...checks, ...declaredOrder(profile)];
}

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
    newId(seen.ids),
  ];
  return [...checks, ...declaredCreation(sent, profile)];
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
  // An animal the backend created, whatever its id: created with id 0 or -7, it is found there.
  const pet = CANONICAL_INTEGER.test(text) ? seen.pets.get(text) : undefined;
  if (pet)
    return [statusIn([200, 401], 'get-found', 'for an animal the backend created'), equalsPet(pet)];
  if (CANONICAL_POSITIVE.test(text))
    return [statusIn([200, 401, 404], 'get-404', 'for a well-formed id'), namesTheAnimal(text)];
  return [
    statusInOrRefused([200, 400, 401, 404], 'get-404', `for petId ${JSON.stringify(text)}`),
    namesTheAnimal(text),
  ];
}

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
  // The suite's 401 for a request without a key: the proxy lends the backend its key only in
  // place of a key the mock accepts, so a request sent without one reaches the backend as sent.
  return [
    ...common,
    statusIn([401], 'auth-401', 'for a request without a key'),
    ...own.filter((c) => !isStatusCheck(c)),
  ];
}
