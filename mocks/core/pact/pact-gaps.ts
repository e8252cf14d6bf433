/**
 * What an interaction relied on that the interface leaves open, read off the answer the app
 * got: the order of a list it saw, a next `Link`, the page size, the status of an animal it
 * created without one, an error's `code`, how an invalid parameter was answered. Each is named
 * in the pact, so the backend team sees which of its gap choices the app depends on.
 */
import { LIMIT } from '../../../spec/constants.ts';
import type { ReliedGap } from '../../../spec/pact.ts';
import type { Profile } from '../../../spec/profile.ts';
import type { JournalEntry } from '../journal.ts';

type Item = { id: number | bigint; name: string };
type Order = NonNullable<Profile['order']>;

const ORDER_WORDS: Record<Order, string> = {
  any: 'any order',
  'id-asc': 'ascending id order',
  'id-desc': 'descending id order',
  'name-asc': 'ascending name order',
  'newest-first': 'the newest animal first',
};

const pairs = <T>(items: readonly T[]) => items.slice(1).map((b, i) => [items[i] as T, b] as const);

/** The orders a page of at least two animals is in. */
function ordersOf(items: readonly Item[]): Order[] {
  const found: Order[] = [];
  if (pairs(items).every(([a, b]) => a.id < b.id)) found.push('id-asc');
  if (pairs(items).every(([a, b]) => a.id > b.id)) found.push('id-desc', 'newest-first');
  if (pairs(items).every(([a, b]) => a.name <= b.name)) found.push('name-asc');
  return found;
}

/** The order a list answer showed: the declared one when the page agrees, else what it shows. */
function orderGap(items: readonly Item[], declared: Profile): ReliedGap | undefined {
  if (items.length < 2 || declared.order === 'any') return undefined;
  const shown = ordersOf(items);
  const order = declared.order && shown.includes(declared.order) ? declared.order : shown[0];
  if (order === undefined) return undefined;
  return {
    gap: 'order',
    value: order,
    profile: { order },
    note: `listed in ${ORDER_WORDS[order]}; the interface leaves the order open`,
  };
}

const isInteger = (text: string) => /^-?\d+$/.test(text);

/** listPets: its order, next link, page size, and how an out-of-range or invalid query was read. */
function listGaps(entry: JournalEntry, declared: Profile): ReliedGap[] {
  const gaps: ReliedGap[] = [];
  const limit = entry.query.limit;
  const outOfRange =
    typeof limit === 'string' &&
    isInteger(limit) &&
    (Number(limit) < LIMIT.min || Number(limit) > LIMIT.max);
  if (outOfRange) {
    const value = entry.status === 200 ? 'clamp' : entry.status;
    gaps.push({
      gap: 'outOfRangeLimit',
      value,
      profile: { outOfRangeLimit: value },
      note: `limit=${limit} ${value === 'clamp' ? 'clamped into 1..100' : `refused with ${value}`}; the interface does not say how a limit outside 1..100 is answered`,
    });
  } else if (entry.status >= 400) {
    gaps.push({
      gap: 'refusalStatus',
      value: entry.status,
      note: `an invalid query refused with ${entry.status}; the interface shows no error status for listPets but 401`,
    });
  }
  const items = entry.response.body;
  if (entry.status !== 200 || !Array.isArray(items)) return gaps;
  const order = orderGap(items as Item[], declared);
  if (order) gaps.push(order);
  if (/rel="?next"?/.test(entry.response.headers.link ?? ''))
    gaps.push({
      gap: 'pagination',
      value: 'link',
      profile: { pagination: 'link' },
      note: 'a Link: <…>; rel="next" header while more animals follow; the interface shows no pagination',
    });
  if (items.length > 1)
    gaps.push({
      gap: 'pageSize',
      value: items.length,
      note: `a page of ${items.length} animals while at least ${items.length} exist; the interface makes limit a maximum, not a page size`,
    });
  return gaps;
}

/** The gap choices the answer to this entry showed (none for what the interface fixes). */
export function reliedGaps(entry: JournalEntry, declared: Profile): ReliedGap[] {
  const gaps: ReliedGap[] = [];
  if (entry.operation === 'listPets') gaps.push(...listGaps(entry, declared));
  const body = entry.response.body as { status?: unknown; code?: unknown } | undefined;
  if (entry.operation === 'createPet' && entry.status === 201) {
    const sent = (entry.body as { status?: unknown } | undefined)?.status;
    if (sent === undefined) {
      const value = typeof body?.status === 'string' ? body.status : 'omitted';
      gaps.push({
        gap: 'defaultStatus',
        value,
        profile: { defaultStatus: value as NonNullable<Profile['defaultStatus']> },
        note: `an animal created without status got ${value === 'omitted' ? 'none' : `status ${value}`}; the interface does not show the default`,
      });
    }
  }
  if (entry.operation === 'getPet' && entry.status >= 400 && entry.status !== 404)
    gaps.push({
      gap: 'refusalStatus',
      value: entry.status,
      note: `petId ${JSON.stringify(entry.pathParams.petId)} refused with ${entry.status}; the interface shows 404 for an absent animal and no other error status`,
    });
  if ([400, 404].includes(entry.status) && typeof body?.code === 'string')
    gaps.push({
      gap: 'errorCode',
      value: body.code,
      status: entry.status,
      profile: { errorCodes: { [String(entry.status) as '400']: body.code } },
      note: `the Error of a ${entry.status} has code ${body.code}; the interface leaves the codes open`,
    });
  return gaps;
}
