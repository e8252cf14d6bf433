/**
 * How much of the request-form space a run sends, by depth: `full` every combination of the
 * dimensions (the product); the others a seeded covering, in which every value of every
 * dimension appears at least once (`quick`), twice (`default`) or four times (`deep`), so no
 * form class is left out however small the sample. The same seed picks the same forms.
 */
import type { Depth } from '../run/depth.ts';

/** A seeded generator of numbers in [0, 1) (mulberry32): the same seed, the same sequence. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The values in an order the generator picks. */
export function shuffled<T>(values: readonly T[], random: () => number): T[] {
  const out = [...values];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Every combination of one value from each dimension. */
export function product<T>(dimensions: readonly (readonly T[])[]): T[][] {
  return dimensions.reduce<T[][]>(
    (combos, values) => combos.flatMap((combo) => values.map((value) => [...combo, value])),
    [[]],
  );
}

/**
 * Combinations in which every value of every dimension appears at least `times` times: each
 * dimension shuffled, cycled, and the dimensions zipped (a seeded each-choice covering).
 */
export function covering<T>(
  dimensions: readonly (readonly T[])[],
  random: () => number,
  times = 1,
): T[][] {
  if (dimensions.some((values) => values.length === 0)) return [];
  const rows = times * Math.max(...dimensions.map((values) => values.length));
  const orders = dimensions.map((values) =>
    Array.from({ length: times }, () => shuffled(values, random)).flat(),
  );
  return Array.from({ length: rows }, (_, row) =>
    orders.map((order) => order[row % order.length] as T),
  );
}

/** How many times each value is covered at a depth (`full`: every combination). */
export const COVERED: Record<Depth, number | 'all'> = {
  quick: 1,
  default: 2,
  deep: 4,
  full: 'all',
};

/**
 * The combinations a run at `depth` sends, without repeats (by `key`): all of them at `full`,
 * else a covering seeded by `seed`.
 */
export function sample<T>(
  dimensions: readonly (readonly T[])[],
  depth: Depth,
  seed: number,
  key: (combo: T[]) => string,
): T[][] {
  const times = COVERED[depth];
  const combos = times === 'all' ? product(dimensions) : covering(dimensions, seeded(seed), times);
  const seen = new Set<string>();
  return combos.filter((combo) => {
    const k = key(combo);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
