/**
 * listPets: an array of valid pets, at most `limit` of them (default 20, never more
 * than 100), honouring the status filter. The suite first makes sure that every
 * limit means something by creating 101 pets of its own (unless --read-only).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { statusIn } from '../../spec/checks/checks.ts';
import { basePathVersioned } from '../../spec/checks/common-checks.ts';
import {
  itemsHaveStatus,
  knownItemsUnchanged,
  type Pet,
  pageAtLeast,
  pageAtMost,
  pageMinimum,
} from '../../spec/checks/pet-checks.ts';
import { BASE_PATH } from '../../spec/constants.ts';
import { createPets, listPets, STATUSES } from '../harness/fixtures.ts';
import { options, verify, verifyOrStop } from '../harness/harness.ts';

const must200 = statusIn([200], 'list-responses', 'for a valid list request');
const ours = new Map<string, Pet>();
/** The fewest pets the server holds, overall and per status, from what this file made or saw. */
const known: Record<string, number> & { all: number } = {
  all: 0,
  available: 0,
  pending: 0,
  sold: 0,
};

beforeAll(async () => {
  if (!options.readOnly) {
    for (const pet of await createPets(101, 'list')) ours.set(String(pet.id), pet);
    known.all = ours.size;
    for (const status of STATUSES)
      known[status] = [...ours.values()].filter((p) => p.status === status).length;
  }
  // What a full page shows is known to exist too (this is all --read-only has).
  const page = await listPets('limit=100');
  verifyOrStop(page, must200);
  const items = page.response.json as Pet[];
  known.all = Math.max(known.all, items.length);
  for (const status of STATUSES)
    known[status] = Math.max(known[status] ?? 0, items.filter((p) => p.status === status).length);
});

/** A page of at most `limit` (default 20) showing what it can of the `min` pets known to exist. */
const expectPage = (min: number, limit: number | undefined, filtered: boolean) => [
  must200,
  pageAtMost(limit ?? 20, limit === undefined ? 'limit-default' : 'limit-max'),
  pageAtLeast(
    pageMinimum(min, limit ?? 20, options.level),
    filtered ? 'status-filter' : 'list-responses',
  ),
  knownItemsUnchanged(ours),
];

describe.concurrent('listPets', () => {
  it('is served under a base path ending in the version segment', async () => {
    verify(await listPets('limit=1'), must200, basePathVersioned(BASE_PATH));
  });

  it('holds enough pets for every limit to mean something', () => {
    if (!options.readOnly) expect(known.all).toBeGreaterThan(100);
  });

  it('returns at most 20 valid pets without limit', async () => {
    verify(await listPets(), ...expectPage(known.all, undefined, false));
  });

  it.each([1, 37, 100])('returns at most limit=%i valid pets', async (limit) => {
    verify(await listPets(`limit=${limit}`), ...expectPage(known.all, limit, false));
  });

  for (const status of STATUSES) {
    it.each([undefined, 1, 100])(
      `returns only ${status} pets for status=${status} and limit=%s`,
      async (limit) => {
        const exchange = await listPets(`status=${status}${limit ? `&limit=${limit}` : ''}`);
        verify(exchange, ...expectPage(known[status] ?? 0, limit, true), itemsHaveStatus(status));
      },
    );
  }
});
