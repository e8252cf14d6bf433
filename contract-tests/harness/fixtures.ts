/**
 * Requests the suite files share: each operation with the run's key, and pets created
 * under the run's unique name prefix.
 */
import { statusIn } from '../../spec/checks/checks.ts';
import { createdEchoes, newId, type Pet } from '../../spec/checks/pet-checks.ts';
import { STATUSES } from '../../spec/checks/spec-model.ts';
import { bearer, type Exchange, jsonWithKey, type Request } from '../client/http.ts';
import { client, options, verifyOrStop } from './harness.ts';
import { uniqueName } from './names.ts';

export { STATUSES };

/** GET /pets with a query string (without `?`), with the key. */
export const listPets = (query = '') =>
  client.send({
    operation: 'listPets',
    method: 'GET',
    path: `/pets${query ? `?${query}` : ''}`,
    headers: bearer(options.apiKey),
  });

/** GET /pets/{petId} with the key; the id is sent digit for digit. */
export const getPet = (petId: number | bigint | string) =>
  client.send({
    operation: 'getPet',
    method: 'GET',
    path: `/pets/${String(petId)}`,
    headers: bearer(options.apiKey),
  });

const creation = (body: unknown, rawBody?: string): Request => ({
  operation: 'createPet',
  method: 'POST',
  path: '/pets',
  headers: jsonWithKey(options.apiKey),
  body,
  rawBody,
});

/** POST /pets with a JSON body (or raw text) and the key. */
export const createPet = (body: unknown, rawBody?: string) => client.send(creation(body, rawBody));

/** POST /pets sent at once with others on purpose (a burst), --concurrency at a time at most. */
export const createPetInBurst = (body: unknown) => client.send({ ...creation(body), burst: true });

/** A valid creation payload any conforming server accepts: a short name and the run's category. */
export const newPet = (tag: string, status?: string): Record<string, unknown> => ({
  name: uniqueName(tag),
  categoryId: options.categoryId,
  ...(status ? { status } : {}),
});

/** Reads the pet in a response body (after the checks have passed). */
export const petOf = (exchange: Exchange): Pet => exchange.response.json as Pet;

/** Creates a pet and stops the test unless the server created it as sent. */
export async function createOrStop(body: Record<string, unknown>): Promise<Pet> {
  const exchange = await createPet(body);
  verifyOrStop(
    exchange,
    statusIn([201], 'create-responses', 'for a valid creation'),
    createdEchoes(body),
  );
  return petOf(exchange);
}

/** Ids no conforming server holds for this run, as text: the largest int64, then one below. */
export const ABSENT_IDS = [String(2n ** 63n - 1n), String(2n ** 63n - 2n)] as const;

/**
 * Makes sure the server holds more than `count` pets: when a page of `count` is full they
 * exist already and one more will do; otherwise (fewer, or pages capped) `count + 1` are made.
 */
export async function ensurePetsBeyond(count: number, tag: string): Promise<void> {
  const page = (await listPets(`limit=${count}`)).response.json;
  await createPets(Array.isArray(page) && page.length >= count ? 1 : count + 1, tag);
}

/**
 * Creates `count` pets of this run, statuses in turn, as many at once as --concurrency lets
 * through; stops the test at the first that failed.
 */
export async function createPets(count: number, tag: string): Promise<Pet[]> {
  const pets: Pet[] = [];
  const ids = new Set<string>();
  const bodies = Array.from({ length: count }, (_, i) =>
    newPet(tag, STATUSES[i % STATUSES.length]),
  );
  const created = await Promise.all(bodies.map((body) => createPet(body)));
  for (const [i, exchange] of created.entries()) {
    verifyOrStop(
      exchange,
      statusIn([201], 'create-responses', 'for a valid creation'),
      createdEchoes(bodies[i] ?? {}),
      newId(ids),
    );
    ids.add(String(petOf(exchange).id));
    pets.push(petOf(exchange));
  }
  return pets;
}
