/**
 * Checks of the choices a profile declares where the interface leaves a gap: the order of a
 * list, a walk of it holding each animal once, the default status, an out-of-range `limit`,
 * error codes, the longest name and unknown creation fields. Each judges what was seen against what the profile says.
 */
import type { Profile } from '../profile.ts';
import { check, isObject, show } from './check.ts';
import type { Pet } from './pet-checks.ts';

type Order = NonNullable<Profile['order']>;

/** A pet of a list as the checks read it: its id as text (exact), its name. */
export type Listed = { id: string; name: string; status?: unknown };

/** When the run's creations were sent and answered, by id (only these order newest-first). */
export type Timing = ReadonlyMap<string, { sentAt: number; answeredAt: number }>;

/** Whether `a` was certainly created before `b`: its creation was answered before b's was sent. */
const olderThan = (a: Listed, b: Listed, timing: Timing) => {
  const [ta, tb] = [timing.get(a.id), timing.get(b.id)];
  return ta !== undefined && tb !== undefined && ta.answeredAt < tb.sentAt;
};

/** What a list body holds, read for the checks (ids exact, as text). */
export const listed = (items: readonly Pet[]): Listed[] =>
  items.map((pet) => ({ id: String(pet.id), name: String(pet.name), status: pet.status }));

const byId = (a: string, b: string) => {
  const [x, y] = [BigInt(a), BigInt(b)];
  return x < y ? -1 : x > y ? 1 : 0;
};
const ORDER_WORDS: Record<Order, string> = {
  any: 'any order',
  'id-asc': 'ascending ids',
  'id-desc': 'descending ids',
  'name-asc': 'names in ascending order',
  'newest-first': 'the newest animal first',
};

/**
 * Whether `a` may come right before `b` in `order`; newest-first judges only the run's pets
 * whose creations did not overlap.
 */
function mayPrecede(order: Order, a: Listed, b: Listed, timing: Timing): boolean {
  if (order === 'id-asc') return byId(a.id, b.id) < 0;
  if (order === 'id-desc') return byId(a.id, b.id) > 0;
  // Code-unit order, or a collation's (a database may sort names either way).
  if (order === 'name-asc') return a.name <= b.name || a.name.localeCompare(b.name) <= 0;
  if (order === 'newest-first') return !olderThan(a, b, timing);
  return true;
}

/** The items of a walk come in the declared order (for newest-first: the run's own pets). */
export const inDeclaredOrder = (order: Order, items: readonly Listed[], timing: Timing) =>
  check('declared-order', () => {
    const ours = order === 'newest-first' ? items.filter((p) => timing.has(p.id)) : items;
    // Newest first, an earlier pet of the run listed before a later one is out of order.
    const at = ours.findIndex((p, i) =>
      order === 'newest-first'
        ? ours.slice(0, i).some((before) => olderThan(before, p, timing))
        : i > 0 && !mayPrecede(order, ours[i - 1] as Listed, p, timing),
    );
    if (at === -1) return undefined;
    const after = ours[at] as Listed;
    const before =
      order === 'newest-first'
        ? (ours.slice(0, at).find((p) => olderThan(p, after, timing)) as Listed)
        : (ours[at - 1] as Listed);
    return {
      title: `List not in the declared order (${order})`,
      received: `${show(before)} listed before ${show(after)}`,
      expected: `${ORDER_WORDS[order]}, as the profile declares`,
    };
  });

/** No animal appears twice in one walk of a list. */
export const noRepeats = (items: readonly Listed[]) =>
  check('declared-pagination', () => {
    const seen = new Set<string>();
    const twice = items.find((p) => seen.size === seen.add(p.id).size);
    return twice === undefined
      ? undefined
      : {
          title: 'An animal listed twice in one walk of the list',
          received: `id ${twice.id} twice in ${items.length} listed animals`,
          expected: 'each animal once',
        };
  });

/** A whole walk (or the part of it the declared order makes certain) holds the created pet. */
export const walkHolds = (pet: Listed, items: readonly Listed[], filter: string) =>
  check('declared-pagination', () =>
    items.some((p) => p.id === pet.id)
      ? undefined
      : {
          title: 'A created animal missing from the list right after its creation',
          received: `id ${pet.id} (${show(pet.name)}) on no page of ${filter}, ${items.length} animals listed`,
          expected: 'every animal the run created listed once, right after its creation',
        },
  );

/**
 * Whether a walk that stopped early must still hold `pet`: when the declared order puts it
 * before the last animal seen. Newest first: when an animal of the run certainly older than
 * `pet` was listed, or `pet` is certainly the newest of the run.
 */
export function mustHold(
  order: Order | undefined,
  pet: Listed,
  items: readonly Listed[],
  timing: Timing,
): boolean {
  const last = items.at(-1);
  if (order === undefined || order === 'any' || last === undefined) return false;
  if (order !== 'newest-first') return mayPrecede(order, pet, last, timing);
  const others = [...timing.keys()].filter((id) => id !== pet.id);
  const newest = others.every((id) => olderThan({ id, name: '' }, pet, timing));
  return newest || items.some((listedPet) => olderThan(listedPet, pet, timing));
}

/** A created pet without `status` came back with the declared default. */
export const hasDefaultStatus = (declared: NonNullable<Profile['defaultStatus']>) =>
  check('declared-default-status', ({ response }) => {
    if (!isObject(response.json)) return undefined;
    const has = Object.hasOwn(response.json, 'status');
    const status = response.json.status;
    const ok = declared === 'omitted' ? !has : status === declared;
    return ok
      ? undefined
      : {
          title: 'Animal created without status stored with another status',
          received: has ? `status ${show(status)}` : 'no status',
          expected: declared === 'omitted' ? 'no status' : `status "${declared}", as declared`,
        };
  });

/** An out-of-range limit is clamped into 1..100, or refused with the declared status. */
export const limitHandledAsDeclared = (declared: 'clamp' | number, limit: number) =>
  check('declared-limit-range', ({ response }) => {
    if (declared !== 'clamp') {
      return response.status === declared
        ? undefined
        : {
            title: `limit=${limit} not refused with ${declared}`,
            received: `status ${response.status}`,
            expected: `${declared}, as the profile declares`,
          };
    }
    const most = limit < 1 ? 1 : 100;
    const count = Array.isArray(response.json) ? response.json.length : undefined;
    return response.status === 200 && count !== undefined && count <= most
      ? undefined
      : {
          title: `limit=${limit} not clamped into 1..100`,
          received: `status ${response.status}${count === undefined ? '' : `, ${count} animals`}`,
          expected: `200 with at most ${most}, as a clamped limit gives`,
        };
  });

/** An error carries the code the profile declares for its status. */
export const errorCodeDeclared = (code: string) =>
  check('declared-error-codes', ({ response }) => {
    const got = isObject(response.json) ? response.json.code : undefined;
    return got === code
      ? undefined
      : {
          title: `Error ${response.status} without the declared code`,
          received: `code ${show(got)}`,
          expected: `code "${code}", as the profile declares for ${response.status}`,
        };
  });

/** A name of exactly the declared length was created (201). */
export const nameAtLimitAccepted = (max: number) =>
  check('declared-name-length', ({ response }) =>
    response.status === 201
      ? undefined
      : {
          title: `Name of ${max} characters refused`,
          received: `status ${response.status}`,
          expected: `201: the profile declares names of up to ${max} characters`,
        },
  );

/** A name one character over the declared length was refused with a 4xx Error. */
export const nameOverLimitRefused = (max: number) =>
  check('declared-name-length', ({ response }) => {
    const json = response.json;
    const isError =
      isObject(json) && typeof json.code === 'string' && typeof json.message === 'string';
    return response.status >= 400 && response.status < 500 && isError
      ? undefined
      : {
          title: `Name of ${max + 1} characters not refused`,
          received: `status ${response.status}${isError ? '' : ', no Error body'}`,
          expected: `a 4xx Error: the profile declares names of at most ${max} characters`,
        };
  });

/** A creation with an unknown property: stored without it (`ignore`), or refused with 400. */
export const unknownFieldHandled = (
  declared: NonNullable<Profile['unknownFields']>,
  field: string,
) =>
  check('declared-unknown-fields', ({ response }) => {
    if (declared === 'refuse')
      return response.status === 400
        ? undefined
        : {
            title: `Unknown property ${field} not refused`,
            received: `status ${response.status}`,
            expected: '400, as the profile declares unknown fields refused',
          };
    const kept = isObject(response.json) && Object.hasOwn(response.json, field);
    return response.status === 201 && !kept
      ? undefined
      : {
          title: `Unknown property ${field} not ignored`,
          received: `status ${response.status}${kept ? `, ${field} stored` : ''}`,
          expected: `201 without ${field}, as the profile declares unknown fields ignored`,
        };
  });
