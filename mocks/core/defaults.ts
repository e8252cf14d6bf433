/** The mock's defaults, in a module light enough for `--help` to load quickly. */

/** The key the mock accepts unless told otherwise (printed at start, shown on its landing page). */
export const DEFAULT_API_KEY = 'petstore-dev-key';

/** How many seed animals the mock starts with unless told otherwise. */
export const DEFAULT_SEED_COUNT = 40;

/** Default cap on stored animals (`--max-pets`). */
export const DEFAULT_MAX_PETS = 1_000_000;

/** Port of the standalone mock (Prism's default, which frontend developers know). */
export const DEFAULT_PORT = 4010;

/** Default bound on live sessions (`--max-sessions`). */
export const DEFAULT_MAX_SESSIONS = 1_000;

/** Default idle time after which a session ends by itself (`--session-ttl`), in milliseconds. */
export const DEFAULT_SESSION_TTL_MS = 30 * 60_000;

/** Requests each session's journal keeps by default (`--journal`); older ones make room. */
export const DEFAULT_JOURNAL_SIZE = 1_000;
