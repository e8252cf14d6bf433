/**
 * The mock's state: an @msw/data collection of `Pet` records plus an index beside it
 * (a Map by id, ascending id lists per status) so no request scans the collection.
 */

import { DEFAULT_STATUS } from '../../spec/constants.ts';
import type { PetStatus } from '../../spec/types.ts';
import { createRecord, fillCollection, type PetCollection } from './collection.ts';
import { DEFAULT_MAX_PETS, DEFAULT_SEED_COUNT } from './defaults.ts';
import { MockError } from './errors.ts';
import { firstIndexAfter, MAX_ID, type PetId, toPetId } from './ids.ts';
import { PET_PROPERTIES, type Pet, petIssues } from './pet-schema.ts';
import { seedPets } from './seed.ts';
import type { NewPet } from './validate.ts';

type Index = { byId: Map<PetId, Pet>; all: PetId[]; byStatus: Map<string, PetId[]> };

/** One page of a listing, and the id to continue after when more follow. */
export type Page = { pets: Pet[]; continueAfter: PetId | undefined };

function build(pets: readonly Pet[]) {
  const sorted = [...pets].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const index: Index = { byId: new Map(), all: [], byStatus: new Map() };
  for (const pet of sorted) addToIndex(index, pet);
  const last = sorted.at(-1);
  const state = {
    index,
    nextId: last === undefined ? 1n : BigInt(last.id) + 1n,
    // The index then serves the collection's own records, so each pet is held once.
    filled: fillCollection(sorted, (record) => index.byId.set(record.id, record)),
    collection: undefined as PetCollection | undefined,
  };
  // A failed fill surfaces on the next write, which awaits `filled`.
  state.filled.then((collection) => (state.collection = collection)).catch(() => undefined);
  return state;
}

function addToIndex(index: Index, pet: Pet): void {
  index.byId.set(pet.id, pet);
  index.all.push(pet.id);
  if (pet.status === undefined) return;
  const list = index.byStatus.get(pet.status);
  if (list) list.push(pet.id);
  else index.byStatus.set(pet.status, [pet.id]);
}

/** Checks a whole data set (for PUT /__mock/data and persisted files); throws a 400. */
export function checkDataSet(pets: unknown, maxPets: number): Pet[] {
  if (!Array.isArray(pets))
    throw new MockError(400, 'validation_failed', 'pets must be an array of Pet');
  if (pets.length > maxPets) {
    throw new MockError(
      400,
      'validation_failed',
      `at most ${maxPets} pets (--max-pets), got ${pets.length}`,
    );
  }
  const seen = new Set<PetId>();
  for (const [i, pet] of pets.entries()) {
    // Pet allows other properties; a stored data set keeps only the spec's fields.
    const extra = Object.keys(pet ?? {}).find((key) => !PET_PROPERTIES.has(key));
    if (extra !== undefined) {
      throw new MockError(
        400,
        'validation_failed',
        `pets[${i}] property "${extra}" is not a Pet field`,
      );
    }
    const issues = petIssues(pet, `pets[${i}]`);
    if (issues.length > 0) throw new MockError(400, 'validation_failed', issues.join('; '));
    const id = toPetId((pet as Pet).id);
    if (seen.has(id))
      throw new MockError(400, 'validation_failed', `pets[${i}].id ${id} is a duplicate`);
    seen.add(id);
  }
  return pets.map((pet: Pet) => ({
    ...pet,
    id: toPetId(pet.id),
    categoryId: toPetId(pet.categoryId),
  }));
}

/** Options of createStore. */
export type StoreOptions = {
  /** How many deterministic seed animals to start with (default DEFAULT_SEED_COUNT). */
  seedCount?: number;
  /** Animals to start with instead of the seed animals (checked against the spec's Pet). */
  pets?: readonly Pet[];
  maxPets?: number;
};

/**
 * Creates the store, holding the seed animals (or `options.pets`). Reads are served at once;
 * the @msw/data collection behind it fills in the background and writes wait for it.
 * Ids are never handed out twice: after a reset or a new data set, the next created animal
 * gets an id above every id this store has held.
 */
export function createStore(options: StoreOptions = {}) {
  const seedCount = options.seedCount ?? DEFAULT_SEED_COUNT;
  const maxPets = options.maxPets ?? DEFAULT_MAX_PETS;
  const initial: readonly Pet[] =
    options.pets === undefined ? seedPets(seedCount) : checkDataSet(options.pets, maxPets);
  let state = build(initial);
  let writes: Promise<unknown> = Promise.resolve();
  let persist: (() => Promise<void>) | undefined;
  const current = () => state;
  // Writes run one after another, so concurrent creates get unique, ordered ids.
  const serial = <T>(write: () => Promise<T>): Promise<T> => {
    const result = writes.then(write);
    writes = result.catch(() => undefined);
    return result;
  };
  // Persisting happens after the serial part, so concurrent writes share one disk write.
  const swap = async (pets: readonly Pet[], forgetIds = false) => {
    await serial(async () => {
      const handedOut = state.nextId;
      state = build(pets);
      if (!forgetIds && handedOut > state.nextId) state.nextId = handedOut;
    });
    await persist?.();
  };
  const store = {
    seedCount,
    maxPets,
    /** Resolves once the store can be read (at once; kept for callers that await it). */
    ready: Promise.resolve(),
    /** The @msw/data collection holding the records (the index mirrors it); see `settled`. */
    get collection(): PetCollection {
      const { collection } = current();
      if (!collection)
        throw new Error('the collection is still being filled: await store.settled()');
      return collection;
    },
    /** Resolves once the collection behind the current data set is filled. */
    async settled(): Promise<void> {
      await current().filled;
    },
    /** How many animals it holds. */
    get size() {
      return current().index.all.length;
    },
    get(id: PetId): Pet | undefined {
      return current().index.byId.get(id);
    },
    page(status: PetStatus | undefined, after: PetId | undefined, limit: number): Page {
      const { index } = current();
      const ids = status === undefined ? index.all : (index.byStatus.get(status) ?? []);
      const start = after === undefined ? 0 : firstIndexAfter(ids, after);
      const end = Math.min(start + limit, ids.length);
      const pets = ids.slice(start, end).map((id) => index.byId.get(id) as Pet);
      return { pets, continueAfter: end < ids.length ? ids[end - 1] : undefined };
    },
    async create(input: NewPet): Promise<Pet> {
      const created = await serial(async () => {
        const collection = await current().filled;
        const { index } = current();
        if (current().nextId > MAX_ID) {
          throw new MockError(
            503,
            'ids_exhausted',
            `no id is left to hand out: id ${MAX_ID} (2^63-1, the largest) is taken, and ids are never reused within a session; start a new session (X-Mock-Session), or restart the mock with animals of lower ids`,
            { 'retry-after': '60' },
          );
        }
        if (index.all.length >= maxPets) {
          throw new MockError(
            503,
            'service_unavailable',
            `the mock store is full (${maxPets} pets, --max-pets); POST /__mock/reset or restart with a larger --max-pets`,
            { 'retry-after': '60' },
          );
        }
        const id = toPetId(current().nextId);
        const pet: Pet = {
          id,
          name: input.name,
          categoryId: toPetId(input.categoryId),
          status: input.status ?? DEFAULT_STATUS,
        };
        const record = await createRecord(collection, pet);
        addToIndex(index, record);
        current().nextId += 1n;
        return record;
      });
      await persist?.();
      return created;
    },
    /** Back to the initial animals (same ids); later creations continue above every id held. */
    reset: () => swap(initial),
    /** Back to a fresh start, forgetting the ids handed out (test set-up only). */
    restart: () => swap(initial, true),
    /** A new, independent store with the same initial animals and limits (a new session). */
    fork: () =>
      createStore({ seedCount, maxPets, pets: options.pets === undefined ? undefined : initial }),
    // async: an invalid data set is a rejected promise, never a synchronous throw.
    replace: async (pets: unknown) => swap(checkDataSet(pets, maxPets)),
    snapshot() {
      const { index } = current();
      return index.all.map((id) => index.byId.get(id) as Pet);
    },
    get nextId(): PetId {
      return toPetId(current().nextId);
    },
    /** Sets the function that puts every write on disk before it is acknowledged. */
    setPersister(write: (() => Promise<void>) | undefined) {
      persist = write;
    },
  };
  return store;
}

/** The mock's store of animals. */
export type PetStore = ReturnType<typeof createStore>;
