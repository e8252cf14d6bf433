/** The mock's defaults, in a module light enough for `--help` to load quickly. */

/** The key the mock accepts unless told otherwise (printed at start, shown on its landing page). */
export const DEFAULT_API_KEY = 'petstore-dev-key';

/** How many seed animals the mock starts with unless told otherwise. */
export const DEFAULT_SEED_COUNT = 40;

/** Default cap on stored animals (`--max-pets`). */
export const DEFAULT_MAX_PETS = 1_000_000;

/** Port of the standalone mock (Prism's default, which frontend developers know). */
export const DEFAULT_PORT = 4010;
