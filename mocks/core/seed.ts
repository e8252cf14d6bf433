/**
 * Deterministic seed data: the same count gives the same animals with the same ids,
 * spread over every status and several categories, so every page size means something.
 */
import { PET_STATUSES } from '../../spec/constants.ts';
import type { PetStatus } from '../../spec/types.ts';
import type { Pet } from './pet-schema.ts';

const NAMES = [
  'Rex',
  'Mittens',
  'Bella',
  'Nemo',
  'Coco',
  'Luna',
  'Milo',
  'Kiwi',
  'Pepper',
  'Shadow',
  'Biscuit',
  'Ziggy',
  'Olive',
  'Thor',
  'Maple',
  'Pixel',
  'Hazel',
  'Bruno',
  'Sunny',
  'Tofu',
];
const CATEGORY_COUNT = 5;

// mulberry32: a tiny seeded generator, so the data is the same on every run.
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The first `count` seed animals, ids 1..count. */
export function seedPets(count: number): Pet[] {
  const next = generator(20261122);
  const pets: Pet[] = [];
  for (let i = 0; i < count; i++) {
    const name = NAMES[Math.floor(next() * NAMES.length)] as string;
    // Cycling the status guarantees all three appear in any seed of three or more.
    const status = PET_STATUSES[i % PET_STATUSES.length] as PetStatus;
    const categoryId = 1 + Math.floor(next() * CATEGORY_COUNT);
    pets.push({
      id: i + 1,
      name: i < NAMES.length ? name : `${name} ${i + 1}`,
      categoryId,
      status,
    });
  }
  return pets;
}
