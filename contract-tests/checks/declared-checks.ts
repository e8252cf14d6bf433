/**
 * Checks of the choices a profile declares where the interface leaves a gap: the order of a
 * list, a walk of it holding each animal once, the default status, an out-of-range `limit`
 * and error codes. Each judges what was seen against what the profile says.
 */
import type { Profile } from '../profile/profile.ts';
import { check, isObject, show } from './check.ts';
import type { Pet } from './pet-checks.ts';

type Order = NonNullable<Profile['order']>;

/** A pet of a list as the checks read it: its id as text (exact), its name. */
export type Listed = { id: string; name: string; status?: unknown };

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
 * Whether `a` may come right before `b` in `order`; `rank` gives the creation rank of the
 * run's own pets (newest-first can judge only those).
 */
function mayPrecede(order: Order, a: Listed, b: Listed, rank: Map<string, number>): boolean {
  if (order === 'id-asc') return byId(a.id, b.id) < 0;
  if (order === 'id-desc') return byId(a.id, b.id) > 0;
  // Code-unit order, or a collation's (a database may sort names either way).
  if (order === 'name-asc') return a.name <= b.name || a.name.localeCompare(b.name) <= 0;
  if (order === 'newest-first') {
    const [ra, rb] = [rank.get(a.id), rank.get(b.id)];
    return ra === undefined || rb === undefined || ra > rb;
  }
  return true;
}

/** The items of a walk come in the declared order (for newest-first: the run's own pets). */
export const inDeclaredOrder = (
  order: Order,
  items: readonly Listed[],
  rank: Map<string, number>,
) =>
  check('declared-order', () => {
    const ours = order === 'newest-first' ? items.filter((p) => rank.has(p.id)) : items;
    const at = ours.findIndex(
      (p, i) => i > 0 && !mayPrecede(order, ours[i - 1] as Listed, p, rank),
    );
    if (at === -1) return undefined;
    const [before, after] = [ours[at - 1] as Listed, ours[at] as Listed];
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
 * Whether a walk that stopped early must still hold `pet`: it must when the declared order
 * puts `pet` before the last animal seen (newest-first: a pet just created always is).
 */
export function mustHold(
  order: Order | undefined,
  pet: Listed,
  items: readonly Listed[],
  rank: Map<string, number>,
): boolean {
  const last = items.at(-1);
  if (order === undefined || order === 'any' || last === undefined) return false;
  if (order === 'newest-first') return true;
  return mayPrecede(order, pet, last, rank);
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
