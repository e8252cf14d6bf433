/**
 * The gap choices the server's profile declares (--profile; --level strict declares this
 * project's own), which unlock what the interface alone cannot: with the pagination
 * declared, the whole list is walked right after each creation, on a populated server too,
 * and every animal the run created must be there exactly once, under its own status filter
 * and no other, in the declared order. Then the default status, out-of-range limits,
 * error codes, the longest name and unknown creation fields, as declared.
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
  nameAtLimitAccepted,
  nameOverLimitRefused,
  noRepeats,
  unknownFieldHandled,
  walkHolds,
} from '../../spec/checks/declared-checks.ts';
import { itemsHaveStatus } from '../../spec/checks/pet-checks.ts';
import { statusIn } from '../../spec/checks/status-checks.ts';
import { created } from '../harness/created.ts';
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
import { uniqueName } from '../harness/names.ts';
import { walkList } from '../harness/walk.ts';

const { profile } = options;
const writes = !options.readOnly;

/** When each creation of the run was sent and answered (newest-first judges by it). */
const timing = () => new Map(created.map((pet) => [pet.id, pet]));

// Three statuses, then the first body again: a server that merges equal animals shows. The
// names are made once the test runs, fitted to the names the server takes (names.ts).
const STATUS_ORDER = ['available', 'pending', 'sold', 'available'] as const;
let first: Record<string, unknown> | undefined;
const bodyFor = (i: number) => {
  if (i === 0 || first === undefined) first = newPet('listed', 'available');
  return i === 0 || i === 3 ? { ...first } : newPet('listed', STATUS_ORDER[i]);
};

/**
 * Walks one list and judges it: no repeats, the declared order, and every pet the run made
 * that the walk must hold (all of them once it reached the end). Whether it judged them all.
 */
async function judgeWalk(
  query: string,
  expected: readonly Listed[],
): Promise<{ judged: number; failed: boolean }> {
  const rank = timing();
  const pagination = profile.pagination ?? 'none';
  const filter = query === '' ? [] : [itemsHaveStatus(query.replace('status=', ''))];
  const walk = await walkList({ query, pagination }, ...filter);
  const items = listed(walk.items);
  const judged = expected.filter(
    (pet) => walk.complete || mustHold(profile.order, pet, items, rank),
  );
  const shown = query === '' ? 'the whole list' : `the list of ${query}`;
  const passed = verifyTogether(
    walk.last,
    noRepeats(items),
    ...(profile.order && profile.order !== 'any'
      ? [inDeclaredOrder(profile.order, items, rank)]
      : []),
    ...judged.map((pet) => walkHolds(pet, items, shown)),
  );
  return { judged: judged.length, failed: walk.failed || !passed };
}

describe.runIf(profile.pagination !== undefined && writes)(
  'declared: the list after each creation',
  () => {
    for (const [i, status] of STATUS_ORDER.entries()) {
      it(`lists every animal of the run once, under its own status and no other, right after creating ${i + 1} more (${status})`, async (context) => {
        await createOrStop(bodyFor(i));
        const walks = [await judgeWalk('', created)];
        for (const status of STATUSES) {
          const own = created.filter((p) => p.status === status);
          // The filter's pages are checked to hold only that status (status-filter) as they come.
          walks.push(await judgeWalk(`status=${status}`, own));
        }
        const judged = walks.reduce((sum, walk) => sum + walk.judged, 0);
        // Skipped only when nothing could be judged (a failure found is never hidden by a skip).
        if (judged === 0 && !walks.some((walk) => walk.failed))
          context.skip(
            "the list is longer than one walk reads and the declared order puts none of the run's animals in the part read",
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

const maxName = profile.maxNameLength;
describe.runIf(maxName !== undefined && writes)('declared: name length', () => {
  const max = maxName ?? 1;
  // A unique name of exactly `max` characters (code points), padded or cut.
  const named = (length: number) =>
    [...`${uniqueName('name-limit')}${'x'.repeat(length)}`].slice(0, length).join('');
  it(`accepts a name of ${max} characters`, async () => {
    const exchange = await createPet({ name: named(max), categoryId: options.categoryId });
    verify(exchange, nameAtLimitAccepted(max));
  });
  it(`refuses a name of ${max + 1} characters with a 4xx Error`, async () => {
    const exchange = await createPet({ name: named(max + 1), categoryId: options.categoryId });
    verify(exchange, nameOverLimitRefused(max));
  });
});

const unknownFields = profile.unknownFields;
describe.runIf(unknownFields !== undefined && writes)('declared: unknown creation fields', () => {
  it(`${unknownFields === 'ignore' ? 'ignores' : 'refuses'} a property the payload does not define`, async () => {
    const field = 'nickname';
    const exchange = await createPet({ ...newPet('unknown-field'), [field]: 'Whiskers' });
    verify(exchange, unknownFieldHandled(unknownFields ?? 'refuse', field));
  });
});
