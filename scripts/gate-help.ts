/**
 * The release gate's --help, for the installed command (`npx --no-install petstore-gate`:
 * every line holds for a project that installed the package and nothing else) and for this
 * repository's `npm run gate`.
 */

const USAGE = {
  checkout: 'Usage: npm run gate -- [--base-url URL --api-key KEY] [options]',
  installed: 'Usage: npx --no-install petstore-gate --base-url URL --api-key KEY [options]',
};

const NO_URL = {
  checkout: `Without --base-url the gate starts the project's mock on a random loopback port and checks
it (429/500/503 are then forced with "Prefer: code=NNN"; against another server they are
skipped, since they cannot be provoked from outside).`,
  installed: `429/500/503 cannot be provoked from outside a server, so their probes are skipped.
--no-install runs the gate your project installed (npm i -D petstore-gate) and never asks
the registry for it.`,
};

/** The help text, for the installed command or the checkout's. */
export const gateHelp = (where: keyof typeof USAGE) => `${USAGE[where]}

Checks a server against the Pet Store interface, in four stages:
  lint      the server's published OpenAPI document (--openapi URL|FILE; off without it):
            where it departs from the interface (an operation, a status, a field type)
            and Spectral's oas errors
  contract  the contract suite (as petstore-contract runs it) against the server
  prism     a request for every documented response, through Prism's validation proxy;
            fails on a violation Prism reports in a response (int64 values read exactly)
  dredd     Dredd runs every documented transaction (4xx included), validating bodies
            against the spec's response schemas
and, with --e2e CMD, a fifth:
  traffic   your app's own end-to-end tests (CMD) run through the mock's proxy in front of
            the server: every exchange judged by the contract suite's rules; the server's
            departures are findings, the app's are reported apart; the coverage of the
            documented responses is reported

${NO_URL[where]}

Options:
  --base-url URL        server to check, base path included (e.g. https://staging.example/v1)
  --api-key KEY         bearer key for it (default: $PETSTORE_API_KEY${where === 'checkout' ? "; the mock's own key" : ''})
  --level LEVEL         interface (the interface document's rules) or strict (plus the
                        reference mock's decisions); default ${where === 'checkout' ? 'strict for the mock, interface otherwise' : 'interface'}
  --openapi URL|FILE    the server's published OpenAPI document, for the lint stage
  --skip LIST           stages to skip, comma-separated: lint,contract,prism,dredd
  --skip-lint, --skip-contract, --skip-prism, --skip-dredd   the same, one flag each
  --read-only           GET requests only, in every stage and the start-up check: no POST
                        at all (safe against production); what needs a creation is left out
  --max-creates N       at most N animals left on the server by all stages (0: no POST at
                        all); the prism and dredd creations are set aside first
  --profile FILE        the server's gap choices (JSON or YAML), checked by the contract stage
                        as petstore-contract --profile checks them
  --pact FILE           a consumer's pact, replayed by the contract stage as
                        petstore-contract --pact replays it
  --concurrency N       requests in flight to the server at once, in every stage (default 16);
                        lower it for a server that takes fewer connections
  --timeout S           the whole run at most S seconds (default 600); a stage still running
                        then is stopped, its tools killed, its report written
  --stage-timeout S     each stage at most S seconds (default: what --timeout leaves)
  --request-timeout S   one request unanswered this long counts as no answer (default 15);
                        a server that answers nothing more is given up on at once, and one
                        shedding load (429, 503) is waited out for at most 4 times as long
  --max-response-size N the most bytes of one answer's body read, counted after its
                        Content-Encoding is undone (default 16MiB; KiB, MiB, GiB); an answer
                        past it, headers over 64 KiB or a body under 10 bytes a second is
                        no verdict (exit 2) naming that cause
  --ca FILE             CA certificates (PEM) to trust beside the system's, for a server over
                        HTTPS whose certificate is its own (or NODE_EXTRA_CA_CERTS=FILE)
  --require-complete    a run that left checks out (--skip, --read-only, --max-creates) has
                        no verdict (exit 2) instead of "CONFORMANT as far as tested"
  --junit-dir DIR       one JUnit XML report per stage there (lint.xml, contract.xml,
                        prism.xml, dredd.xml, traffic.xml), also when there is no verdict
  --json FILE           the result as JSON: verdict, stages, findings with curls, what was
                        left out, and the animals the run left with their ids
  --summary-md FILE     the result as Markdown, for a CI page (on GitHub Actions it also goes
                        to $GITHUB_STEP_SUMMARY, and each finding becomes an ::error annotation)
  --e2e CMD             run CMD (through the shell) with PETSTORE_BASE_URL set to the proxy's
                        /v1 address and PETSTORE_API_KEY to a key of the run's own, which the
                        proxy replaces with --api-key; CMD failing is said with its exit code
                        and last lines; CMD sending nothing through the proxy is no verdict
  --e2e-client MODE     report (default): the app's departures (a request the interface does
                        not allow, e.g. limit=500) are reported apart; strict: they fail it
  --e2e-min-coverage N  the traffic must meet at least N % of the documented responses
                        (operation and status); less fails the stage
  --version             print the gate's version and the interface version it checks
  -h, --help            show this help

Each finding comes with the request, the response and a curl that replays it (the key read
from $PETSTORE_API_KEY); a finding of prism or dredd that shows again a cause the contract
stage named says so, and the summary counts it under that cause. The interface has no
delete: the run says first how many animals it may leave (about 250-270 without --max-creates)
and last how many it left, with their ids; the gate's are named petstore-gate-<run id>-*.

Exit status: 0 CONFORMANT: every stage that ran passed ("as far as tested" when checks were
             left out: a skipped stage, --read-only, --max-creates, an e2e command that failed)
             1 NOT CONFORMANT: a stage found a fault that reproduces (or, with --e2e, too
             little traffic for --e2e-min-coverage, or the app's departures with strict)
             2 NO VERDICT: a usage error, a server that cannot be reached, stopped answering,
             hung or shed load until the gate gave up, a tool that broke, the time ran out,
             no stage ran, an e2e command that sent nothing through the proxy, or
             --require-complete with checks left out`;
