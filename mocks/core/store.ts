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
import type { ListOrder } from './profile.ts';
import { seedPets } from './seed.ts';
import type { NewPet } from './validate.ts';

type Index = {
  byId: Map<PetId, Pet>;
  all: PetId[];
  byStatus: Map<string, PetId[]>;
  /** Lists sorted by name (then id), built when a name-ordered list asks; cleared on a write. */
  byName: Map<string, PetId[]>;
};

/** One page of a listing, and the id to continue after when more follow. */
export type Page = { pets: Pet[]; continueAfter: PetId | undefined };

function build(pets: readonly Pet[]) {
  const sorted = [...pets].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const index: Index = { byId: new Map(), all: [], byStatus: new Map(), byName: new Map() };
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
  if (index.byName.size > 0) index.byName.clear();
  index.byId.set(pet.id, pet);
  index.all.push(pet.id);
  if (pet.status === undefined) return;
  const list = index.byStatus.get(pet.status);
  if (list) list.push(pet.id);
  else index.byStatus.set(pet.status, [pet.id]);
}

const NAME_FIRST = (a: Pet, b: Pet) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/** The ids of a list sorted by name then id (code-unit order), kept until the next write. */
function byName(index: Index, key: string, ids: readonly PetId[]): PetId[] {
  let sorted = index.byName.get(key);
  if (sorted === undefined) {
    const pets = ids.map((id) => index.byId.get(id) as Pet).sort(NAME_FIRST);
    sorted = pets.map((pet) => pet.id);
    index.byName.set(key, sorted);
  }
  return sorted;
}

/** Index of the first id of a name-sorted list that comes after `last` (binary search). */
function firstAfterName(sorted: readonly PetId[], last: Pet, byId: Map<PetId, Pet>): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (NAME_FIRST(byId.get(sorted[mid] as PetId) as Pet, last) <= 0) low = mid + 1;
    else high = mid;
  }
  return low;
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
    /**
     * Up to `limit` animals (of `status`) in `order`, after the animal `after` when given;
     * undefined when `after` is an animal a name-ordered list cannot place (no longer held).
     */
    page(
      status: PetStatus | undefined,
      after: PetId | undefined,
      limit: number,
      order: ListOrder = 'id-asc',
    ): Page | undefined {
      const { index } = current();
      const ids = status === undefined ? index.all : (index.byStatus.get(status) ?? []);
      if (order === 'id-desc') {
        // Descending: from the end of the ascending list, below `after`.
        let end = after === undefined ? ids.length : firstIndexAfter(ids, after);
        // firstIndexAfter passed `after` itself when it is held: it is not listed again.
        if (after !== undefined && end > 0 && (ids[end - 1] as PetId) >= after) end -= 1;
        const start = Math.max(0, end - limit);
        const pets = ids
          .slice(start, end)
          .reverse()
          .map((id) => index.byId.get(id) as Pet);
        return { pets, continueAfter: start > 0 ? ids[start] : undefined };
      }
      const sorted = order === 'name-asc' ? byName(index, status ?? '', ids) : ids;
      let start = 0;
      if (after !== undefined && order === 'name-asc') {
        const last = index.byId.get(after);
        if (last === undefined) return undefined;
        start = firstAfterName(sorted, last, index.byId);
      } else if (after !== undefined) start = firstIndexAfter(ids, after);
      const end = Math.min(start + limit, sorted.length);
      const pets = sorted.slice(start, end).map((id) => index.byId.get(id) as Pet);
      return { pets, continueAfter: end < sorted.length ? sorted[end - 1] : undefined };
    },
    /** Stores a new animal; one sent without status gets `defaultStatus` (null: none). */
    async create(input: NewPet, defaultStatus: PetStatus | null = DEFAULT_STATUS): Promise<Pet> {
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
        const status = input.status ?? defaultStatus;
        const pet: Pet = {
          id,
          name: input.name,
          categoryId: toPetId(input.categoryId),
          ...(status === null ? {} : { status }),
        };
        const record = await createRecord(collection, pet);
        addToIndex(index, record);
        current().nextId += 1n;
        return record;
      });
      await persist?.();
      return created;
    },
    /**
     * Keeps animals a proxied backend returned, with their ids (one held already is replaced,
     * one beyond --max-pets is not kept); later creations continue above every id kept.
     */
    async keep(pets: readonly Pet[]): Promise<void> {
      // A page the session already holds as it is changes nothing (no rebuild per list).
      const same = (pet: Pet, held: Pet | undefined) =>
        held !== undefined &&
        held.name === pet.name &&
        held.status === pet.status &&
        BigInt(held.categoryId) === BigInt(pet.categoryId);
      pets = pets.filter((pet) => !same(pet, current().index.byId.get(pet.id)));
      if (pets.length === 0) return;
      await serial(async () => {
        const { index, nextId } = current();
        const merged = new Map(index.all.map((id) => [id, index.byId.get(id) as Pet]));
        for (const pet of pets) {
          if (merged.has(pet.id) || merged.size < maxPets) merged.set(pet.id, pet);
        }
        state = build([...merged.values()]);
        if (nextId > state.nextId) state.nextId = nextId;
      });
      await persist?.();
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
