/**
 * Reads right after writes: each animal created is read by id and listed the moment its 201
 * arrives, while the other creations are still in flight, and must be whole and as created
 * (get-found, created-echoes, the shapes): a row read before its last write, or a replica
 * behind, shows here. Named to run early (run/file-order.ts), when a server that started empty
 * still lists every animal on one page.
 */
import { describe, it } from 'vitest';
import { statusIn } from '../../spec/checks/checks.ts';
import {
  createdEchoes,
  equalsPet,
  itemsHaveStatus,
  knownItemsUnchanged,
  type Pet,
} from '../../spec/checks/pet-checks.ts';
import {
  createPetInBurst,
  getPet,
  listPets,
  newPet,
  petOf,
  STATUSES,
} from '../harness/fixtures.ts';
import { options, verify } from '../harness/harness.ts';

const must201 = statusIn([201], 'create-responses', 'for a valid creation');

/** Creates one animal, then at once reads it by id, in the whole list and in its status's. */
async function createThenRead(body: Record<string, unknown>): Promise<void> {
  const created = await createPetInBurst(body);
  if (!verify(created, must201, createdEchoes(body))) return;
  const pet = petOf(created);
  const known = new Map<string, Pet>([[String(pet.id), pet]]);
  const status = typeof pet.status === 'string' ? pet.status : undefined;
  const [byId, all, filtered] = await Promise.all([
    getPet(pet.id),
    listPets('limit=100'),
    status ? listPets(`limit=100&status=${status}`) : undefined,
  ]);
  const right = 'for an animal read the moment its 201 arrived';
  verify(byId, statusIn([200], 'get-found', right), equalsPet(pet));
  verify(all, statusIn([200], 'list-responses', right), knownItemsUnchanged(known));
  if (filtered && status)
    verify(
      filtered,
      statusIn([200], 'list-responses', right),
      knownItemsUnchanged(known),
      itemsHaveStatus(status),
    );
}

describe.skipIf(options.readOnly)('reads right after writes', () => {
  it(`reads and lists each of ${options.concurrent} animals whole the moment its 201 arrives, the others still in flight`, async () => {
    const bodies = Array.from({ length: options.concurrent }, (_, i) =>
      newPet('fresh', STATUSES[i % STATUSES.length]),
    );
    await Promise.all(bodies.map(createThenRead));
  });
});
