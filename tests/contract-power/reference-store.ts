/**
 * The reference server's pets: ids assigned in steps from a first id, kept exact as
 * bigints, and the store's faults (shared ids, honoured client ids, stale filters).
 */
import type { Fault } from './faults.ts';
import type { StoredPet } from './reference-rules.ts';
import type { Variant } from './variants.ts';

const STATUSES = ['available', 'pending', 'sold'];

/** An in-memory store of pets, bent by at most one fault. */
export function createStore(variant: Variant, has: (f: Fault) => boolean) {
  const pets = new Map<bigint, StoredPet>();
  // Rounding only shows above 2^53, so the faults that round start their ids there.
  const rounding =
    has('rounded-int64-ids') || has('ids-rounded-when-read') || has('petId-read-as-double');
  let nextId = variant.firstId ?? (rounding ? 2n ** 53n : 1n);
  const step = variant.idStep ?? 1n;
  const created: StoredPet[] = [];
  const refiled = new Set<bigint>();
  const put = (id: bigint, pet: Omit<StoredPet, 'id'>) => {
    const stored = { id, ...pet };
    pets.set(id, stored);
    // A cache used as the store: beyond 120 animals, the oldest goes.
    const [oldest] = pets.keys();
    if (has('store-keeps-latest-120') && pets.size > 120 && oldest !== undefined)
      pets.delete(oldest);
    // A background job tidies names, catching up with each animal 120 creations after it.
    created.push(stored);
    const tidied = has('names-tidied-later') ? created.at(-121) : undefined;
    if (tidied) tidied.name = `${tidied.name.charAt(0).toUpperCase()}${tidied.name.slice(1)}`;
    // Another job files each animal under sold in the list, 120 creations after it.
    const refile = has('list-refiles-as-sold-later') ? created.at(-121) : undefined;
    if (refile) refiled.add(refile.id);
    return stored;
  };
  // The list's status index: written with the default status whatever status was sent, or
  // refiled later (getPet reads the record itself).
  const indexed = (pet: StoredPet) => {
    if (has('status-index-files-as-available')) return { ...pet, status: 'available' };
    return refiled.has(pet.id) ? { ...pet, status: 'sold' } : pet;
  };
  const add = (pet: Omit<StoredPet, 'id'>) => {
    const id = nextId;
    nextId += step;
    return put(id, pet);
  };
  for (let i = 0; i < (variant.preload ?? 0); i++)
    add({
      name: `other ${i}`,
      categoryId: BigInt((i % 5) + 1),
      status: variant.preloadStatus ?? (STATUSES[i % 3] as string),
    });
  // The filtered lists of the snapshot fault never see a pet added after start-up.
  const snapshot = new Map(pets);

  return {
    add,
    get: (id: bigint) => pets.get(id),
    has: (id: bigint) => pets.has(id),

    /** Stores a created pet, as the faults of creation do it. */
    async create(pet: Omit<StoredPet, 'id'>, sentId: unknown): Promise<StoredPet> {
      if (has('client-id-honoured') && (typeof sentId === 'number' || typeof sentId === 'bigint'))
        return put(BigInt(sentId), pet);
      if (has('client-string-id-honoured') && typeof sentId === 'string' && /^\d+$/.test(sentId))
        return put(BigInt(sentId), pet);
      if (has('duplicate-create-same-id')) {
        const same = [...pets.values()].find(
          (p) => p.name === pet.name && p.categoryId === pet.categoryId && p.status === pet.status,
        );
        if (same) return same;
      }
      if (!has('concurrent-creates-collide')) return add(pet);
      // Reads the next id, waits (a slow database), then writes: a race between requests.
      const id = nextId;
      await new Promise((resolve) => setTimeout(resolve, 25));
      nextId = id + step;
      return put(id, pet);
    },

    /** The pets of a status (all without one), in id order or newest first. */
    list(status: string | undefined): StoredPet[] {
      const source = status !== undefined && has('status-filter-snapshot') ? snapshot : pets;
      // A capped index: only the latest 120 animals created are listed.
      const latest = new Set(has('list-shows-latest-120') ? created.slice(-120) : source.values());
      let list = [...source.values()]
        .filter((p) => latest.has(p))
        .map(indexed)
        .filter((p) => status === undefined || p.status === status);
      if (has('list-hides-some')) list = list.filter((p) => p.id % 10n !== 3n);
      if (has('list-merges-equal-animals')) {
        const seen = new Set<string>();
        list = list.filter(
          (p) => seen.size < seen.add(`${p.name}|${p.categoryId}|${p.status}`).size,
        );
      }
      if (has('ids-sorted-as-text')) list.sort((a, b) => (String(a.id) < String(b.id) ? -1 : 1));
      return variant.newestFirst ? list.reverse() : list;
    },
  };
}
