/**
 * The gap choices the server's profile declares (--profile; --level strict declares this
 * project's own), which unlock what the interface alone cannot: with the pagination
 * declared, the whole list is walked right after each creation, on a populated server too,
 * and every animal the run created must be there exactly once, under its own status filter
 * and no other, in the declared order. Then the default status, out-of-range limits and
 * error codes, as declared.
 */
import { describe, it } from 'vitest';
import {
  errorCodeDeclared,
  hasDefaultStatus,
  inDeclaredOrder,
  type Listed,
  limitHandledAsDeclared,
  listed,
  mustHold,
  noRepeats,
  walkHolds,
} from '../checks/declared-checks.ts';
import { itemsHaveStatus, type Pet } from '../checks/pet-checks.ts';
import { statusIn } from '../checks/status-checks.ts';
import {
  ABSENT_IDS,
  createOrStop,
  createPet,
  getPet,
  listPets,
  newPet,
  STATUSES,
} from '../harness/fixtures.ts';
import { client, options, verify, verifyTogether } from '../harness/harness.ts';
import { walkList } from '../harness/walk.ts';

const { profile } = options;
const writes = !options.readOnly;

/** The run's pets so far, by id, and their creation rank (newest-first judges by it). */
const ours: Listed[] = [];
const rank = new Map<string, number>();

// Three statuses, then the first body again: a server that merges equal animals shows.
const first = newPet('listed', 'available');
const bodies = [first, newPet('listed', 'pending'), newPet('listed', 'sold'), { ...first }];

/** Walks one list and judges it: no repeats, the declared order, the run's pets on it. */
async function judgeWalk(query: string, expected: readonly Listed[]): Promise<boolean> {
  const pagination = profile.pagination ?? 'none';
  const filter = query === '' ? [] : [itemsHaveStatus(query.replace('status=', ''))];
  const walk = await walkList(query, pagination, ...filter);
  const items = listed(walk.items);
  const judged = expected.filter(
    (pet) => walk.complete || mustHold(profile.order, pet, items, rank),
  );
  const shown = query === '' ? 'the whole list' : `the list of ${query}`;
  verifyTogether(
    walk.last,
    noRepeats(items),
    ...(profile.order && profile.order !== 'any'
      ? [inDeclaredOrder(profile.order, items, rank)]
      : []),
    ...judged.map((pet) => walkHolds(pet, items, shown)),
  );
  return judged.length === expected.length;
}

describe.runIf(profile.pagination !== undefined && writes)(
  'declared: the list after each creation',
  () => {
    for (const [i, body] of bodies.entries()) {
      it(`lists created animal ${i + 1} (${body.status}) once, under its own status and no other`, async (context) => {
        const pet: Pet = await createOrStop(body);
        const [entry] = listed([pet]);
        if (!entry) return;
        ours.push(entry);
        rank.set(entry.id, ours.length);
        let whole = await judgeWalk('', ours);
        for (const status of STATUSES) {
          const own = ours.filter((p) => p.status === status);
          // The filter's pages are checked to hold only that status (status-filter) as they come.
          whole = (await judgeWalk(`status=${status}`, own)) && whole;
        }
        if (!whole)
          context.skip(
            'the list is longer than one walk reads (30 pages of 100) and the declared order does not put the new animals in the part read',
          );
      });
    }
  },
);

describe.runIf(profile.defaultStatus !== undefined && writes)('declared: default status', () => {
  it(`stores an animal created without status as ${profile.defaultStatus}`, async () => {
    const declared = profile.defaultStatus ?? 'omitted';
    const pet = await createOrStop(newPet('default'));
    verify(
      await getPet(String(pet.id)),
      statusIn([200], 'get-found', 'for a created animal'),
      hasDefaultStatus(declared),
    );
    if (declared !== 'omitted' && profile.pagination !== undefined) {
      const [entry] = listed([pet]);
      if (entry) await judgeWalk(`status=${declared}`, [{ ...entry, status: declared }]);
    }
  });
});

const limitRule = profile.outOfRangeLimit;
describe.runIf(limitRule !== undefined)('declared: limit outside 1..100', () => {
  it.each([0, 101, -1])('handles limit=%i as declared', async (limit) => {
    const declared = limitRule ?? 'clamp';
    const status = declared === 'clamp' ? 200 : declared;
    verify(
      await listPets(`limit=${limit}`),
      statusIn([status], 'declared-limit-range', 'for an out-of-range limit, as declared'),
      limitHandledAsDeclared(declared, limit),
    );
  });
});

const codes = profile.errorCodes ?? {};
describe.runIf(Object.keys(codes).length > 0)('declared: error codes', () => {
  it.runIf(codes['401'] !== undefined)(
    'answers a request without a key with the declared code',
    async () => {
      const exchange = await client.send({
        operation: 'listPets',
        method: 'GET',
        path: '/pets',
        headers: {},
      });
      verify(
        exchange,
        statusIn([401], 'auth-401', 'without a key'),
        errorCodeDeclared(codes['401'] ?? ''),
      );
    },
  );
  it.runIf(codes['404'] !== undefined)('answers an absent id with the declared code', async () => {
    verify(
      await getPet(ABSENT_IDS[0]),
      statusIn([404], 'get-404', 'for an absent id'),
      errorCodeDeclared(codes['404'] ?? ''),
    );
  });
  it.runIf(codes['400'] !== undefined && writes)(
    'answers a body without name with the declared code',
    async () => {
      const exchange = await createPet({ categoryId: options.categoryId });
      verify(
        exchange,
        statusIn([400], 'create-400', 'for a body without name'),
        errorCodeDeclared(codes['400'] ?? ''),
      );
    },
  );
});
