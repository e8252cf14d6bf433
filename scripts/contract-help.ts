/**
 * petstore-contract's --help, for the installed command (every line holds for a project that
 * installed the package and nothing else) and for this repository's `npm run contract`. Its
 * numbers come from the code's constants (contract-help.test.ts holds the docs to them).
 */
import { MAX_RETRIES, MAX_WAIT_SECONDS } from '../contract-tests/client/http.ts';
import { TIMEOUT_MS } from '../contract-tests/client/wire.ts';
import { specFile } from '../contract-tests/report/spec-location.ts';
import {
  DEFAULT_CONCURRENCY,
  DEFAULT_SEED,
  DEPTH_SETTINGS,
  DEPTHS,
} from '../contract-tests/run/depth.ts';
import { DEFAULT_RUN_TIMEOUT_MS } from '../contract-tests/run/run.ts';
import { FULL_RUN_CREATIONS } from '../contract-tests/run/themes.ts';

const USAGE = {
  installed: `Usage: npx petstore-contract --base-url URL --api-key KEY [options]

  --base-url URL      server under test, ending in /v1 (env PETSTORE_BASE_URL); required
  --api-key KEY       a valid API key (env PETSTORE_API_KEY); required`,
  checkout: `Usage: npm run contract -- [--base-url URL --api-key KEY] [options]

  --base-url URL      server under test, ending in /v1 (env PETSTORE_BASE_URL);
                      without it the local mock is started on a random port and tested
  --api-key KEY       a valid API key (env PETSTORE_API_KEY); required with --base-url`,
};

/** Where a user of this command reads more: the checkout's guides, or the installed package's. */
const GUIDES = {
  checkout: { rules: 'docs/rules.md', report: 'docs/contract.md' },
  installed: {
    rules: 'the x-rules of the spec, below',
    report: 'node_modules/petstore-contract/docs/contract.md',
  },
};

/** The command's --help, for a checkout or an installed package. */
export const contractHelp = (
  where: keyof typeof USAGE,
) => `petstore-contract: check that a server conforms to the Pet Store interface.

${USAGE[where]}
  --level LEVEL       interface (default): only what the interface states (${GUIDES[where].rules});
                      strict: also this project's decisions observable over HTTP
  --depth DEPTH       quick, default, deep or full: how many generated cases, concurrent
                      creations and generated names to try, and how much of the space of
                      request forms (every value of every dimension once, twice, four times,
                      or every combination in every authentication state at full; seeded by
                      --seed) (default: default)
  --runs N            generated cases per property (default: the depth's: ${DEPTHS.map((d) => DEPTH_SETTINGS[d].runs).join(', ')})
  --concurrency N     requests in flight at once (default ${DEFAULT_CONCURRENCY}); independent checks
                      run side by side, those whose meaning depends on order stay in order;
                      1 sends one request at a time. A server far away is quick to test at
                      the default; lower it for a server that welcomes fewer connections
  --seed N            seed of the generated cases (default ${DEFAULT_SEED}); the same seed tries
                      the same cases, so --seed N replays a run exactly
  --category-id N     a category the server accepts for valid creations (default 1)
  --read-only         send GET requests only (safe for production)
  --max-creates N     send at most N requests that may store an animal (a POST; one the
                      server refuses with a 4xx does not count); checks that need more are
                      skipped, never passed. Without it a run may leave about ${FULL_RUN_CREATIONS.default.interface}
                      animals (default depth; the interface has no delete): it says so first,
                      and the summary how many it made, with their ids
  --profile FILE      the server's gap choices, JSON or YAML: pagination (none, link), order
                      (any, id-asc, id-desc, name-asc, newest-first), defaultStatus,
                      outOfRangeLimit (clamp or a 4xx), errorCodes, maxNameLength,
                      unknownFields, otherMediaTypes (read, refuse), decisions, off (rule ids);
                      each one declared is checked, and with pagination declared every
                      created animal must be listed once, right after its creation
  --pact FILE         also replay a consumer's pact (Pact file v2 to v4, e.g. the mock's
                      GET /__mock/pact): each interaction's provider states set up through
                      the interface, its answer judged as Pact would, and every gap choice
                      it relied on, one finding per interaction
  --print-profile     print a profile to start from and exit: read off --base-url with GET
                      requests and two creations no conforming server stores (GET only
                      with --read-only), or without it this project's own choices
  --junit FILE        also write a JUnit XML report to FILE
  --report FILE       also write the grouped failure summary to FILE
  --json FILE         also write the result as JSON to FILE: verdict, counts, seed, duration,
                      every finding (rule id, spec pointer, request, response, curl), the
                      checks skipped and the ids of every animal the run created
  --timeout S         the whole run at most S seconds (default ${DEFAULT_RUN_TIMEOUT_MS / 1000}); past it no request
                      is sent, and the run stops with no verdict (exit 2), its reports written
  --request-timeout S one request unanswered this long counts as no answer (default ${TIMEOUT_MS / 1000})
  --max-response-size N  the most bytes of one answer's body read, counted after its
                      Content-Encoding is undone (default 16MiB; KiB, MiB, GiB); past it, or
                      headers over 64 KiB, or a body under 10 bytes a second: no verdict (exit 2)
                      naming that cause; a list still going past its limit is a finding instead
  --ca FILE           CA certificates (PEM) to trust beside the system's, for a server over
                      HTTPS whose certificate is its own (or NODE_EXTRA_CA_CERTS=FILE)
  -h, --help          show this text

Paths are relative to the directory the command runs in; missing folders are made.
A request the server throttles (429) or sheds (503) is sent again after its Retry-After (at most ${MAX_WAIT_SECONDS} s,
longer each time it recurs), up to ${MAX_RETRIES} times; still throttled, the run stops: exit 2.
After a 503 the run keeps one request fewer in flight (never fewer than one). A server that
stops answering or hangs (nothing listens, or a request and a GET /pets both unanswered)
stops the run at once: exit 2, saying when and at which request. A dropped connection is a
finding only when it happens again on a fresh connection while the server answers otherwise.
The failure summary names each broken rule by its id and its place in the spec
(${specFile()}) and gives a curl command that replays a failing request,
reading the key from $PETSTORE_API_KEY. ${GUIDES[where].report} explains the report.

Exit codes: 0 conformant, every check passed
            1 not conformant, a check failed (see the summary)
            2 could not test (no verdict): a usage error, an unreachable server, a base
              URL without /v1 or serving nothing of the interface, a key refused in
              every form, a server that stopped answering, hangs or still throttles
              after the waits, --timeout passed, a report file it cannot write, or a
              fault of the suite`;
