/**
 * How much a run tries: `quick` for many servers in a row (the power measurement),
 * `default` for a normal run (under 30 s against a local server), `deep` for more
 * generated cases, more concurrent requests and longer values, `full` for all of deep and
 * every request form of the space (form-space/sampling.ts) in every authentication state.
 */

/** The depths a run can take. */
export const DEPTHS = ['quick', 'default', 'deep', 'full'] as const;

/** One of DEPTHS. */
export type Depth = (typeof DEPTHS)[number];

/** What a depth means for a run. */
export type DepthSettings = {
  /** Generated cases per property (`--runs` overrides it). */
  runs: number;
  /** Identical creations sent at once. */
  concurrent: number;
  /** Extra generated names per run for the accept-or-reject oracle. */
  generatedNames: number;
};

/** The settings of each depth. */
export const DEPTH_SETTINGS: Record<Depth, DepthSettings> = {
  quick: { runs: 5, concurrent: 4, generatedNames: 0 },
  default: { runs: 25, concurrent: 8, generatedNames: 10 },
  deep: { runs: 150, concurrent: 32, generatedNames: 100 },
  full: { runs: 150, concurrent: 32, generatedNames: 100 },
};

/**
 * Requests in flight at once unless `--concurrency` says otherwise. Against the mock 100 ms
 * away, one run measured 93.9 s at 1, 19.3 s at 8, 14.4 s at 16 and 12.7 s at 32: 16 meets
 * issue 29's 20 s with room, and doubling it again saves little for twice the connections
 * (`npm run bench -- --far-only`; docs/performance.md, "The suite against a far server").
 */
export const DEFAULT_CONCURRENCY = 16;

/** The seed of a run unless `--seed` says otherwise: fixed, so two runs try the same cases. */
export const DEFAULT_SEED = 1;
