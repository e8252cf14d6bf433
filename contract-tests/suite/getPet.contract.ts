/**
 * getPet: returns the created pet unchanged (ids sent digit for digit); 404 with an
 * Error for an absent one. Malformed ids are in the parameter catalogue (parameters.contract.ts).
 */
import { describe, it } from 'vitest';
import { statusIn } from '../../spec/checks/checks.ts';
import { equalsPet, type Pet } from '../../spec/checks/pet-checks.ts';
import {
  ABSENT_IDS,
  createOrStop,
  getPet,
  listPets,
  newPet,
  STATUSES,
} from '../harness/fixtures.ts';
import { options, verify, verifyOrStop } from '../harness/harness.ts';

const must200 = statusIn([200], 'get-found', 'for a pet the server holds');
const must404 = statusIn([404], 'get-404', 'for a pet the server does not hold');

describe.concurrent('getPet', () => {
  it.skipIf(options.readOnly).each([...STATUSES, undefined])(
    'returns a created pet (status %s) unchanged',
    async (status) => {
      const created = await createOrStop(newPet('get', status));
      verify(await getPet(created.id), must200, equalsPet(created));
    },
  );

  it('returns each listed pet unchanged', async () => {
    const page = await listPets('limit=5');
    verifyOrStop(page);
    for (const pet of page.response.json as Pet[])
      verify(await getPet(pet.id), must200, equalsPet(pet));
  });

  it.each(ABSENT_IDS)('answers 404 with an Error for the absent pet %s', async (id) => {
    verify(await getPet(id), must404);
  });
});
