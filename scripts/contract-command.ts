/**
 * The contract suite as a command: runs it (contract-tests/) against a Pet Store server. The
 * repository's `npm run contract` (scripts/contract.ts) can start the mock to test; the
 * installed `petstore-contract` (scripts/petstore-contract.ts) always tests a server by URL.
 */
import { writeFileSync } from 'node:fs';
import { MAX_RETRIES, MAX_WAIT_SECONDS } from '../contract-tests/client/http.ts';
import { describeKeyForm, INTERFACE_KEY_FORM } from '../contract-tests/client/key-forms.ts';
import {
  PreflightError,
  preflight,
  type ServerUnderTest,
} from '../contract-tests/client/preflight.ts';
import { TIMEOUT_MS } from '../contract-tests/client/wire.ts';
import { pactLines } from '../contract-tests/pact/pact-summary.ts';
import { observeProfile } from '../contract-tests/profile/observe.ts';
import { printProfile } from '../contract-tests/profile/print.ts';
import { jsonResultText } from '../contract-tests/report/json-report.ts';
import { specFile } from '../contract-tests/report/spec-location.ts';
import {
  DEFAULT_CONCURRENCY,
  DEFAULT_SEED,
  DEPTH_SETTINGS,
  DEPTHS,
} from '../contract-tests/run/depth.ts';
import {
  type ContractResult,
  DEFAULT_RUN_TIMEOUT_MS,
  runContract,
  type StartedServer,
} from '../contract-tests/run/run.ts';
import { FULL_RUN_CREATIONS } from '../contract-tests/run/themes.ts';
import { STRICT_PROFILE } from '../spec/profile.ts';
import { listRules } from '../spec/rules.ts';
import {
  choiceFlag,
  type FlagValues,
  int64Flag,
  integerFlag,
  orEnv,
  outputFileFlag,
  positiveNumberFlag,
  runCommand,
  UsageError,
} from './cli.ts';
import { loadPact } from './pact-file.ts';
import { loadProfile } from './profile-file.ts';

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
    report: 'node_modules/petstore-contract/README.md',
  },
};

const help = (
  where: keyof typeof USAGE,
) => `petstore-contract: check that a server conforms to the Pet Store interface.

${USAGE[where]}
  --level LEVEL       interface (default): only what the interface states (${GUIDES[where].rules});
                      strict: also this project's decisions observable over HTTP
  --depth DEPTH       quick, default or deep: how many generated cases, concurrent
                      creations and generated names to try (default: default)
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
                      skipped, never passed. The summary says how many animals the run made
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

const flags = {
  'base-url': { type: 'string' },
  'api-key': { type: 'string' },
  level: { type: 'string', default: 'interface' },
  depth: { type: 'string', default: 'default' },
  'category-id': { type: 'string', default: '1' },
  'read-only': { type: 'boolean', default: false },
  junit: { type: 'string' },
  report: { type: 'string' },
  json: { type: 'string' },
  'max-creates': { type: 'string' },
  seed: { type: 'string' },
  runs: { type: 'string' },
  concurrency: { type: 'string' },
  profile: { type: 'string' },
  pact: { type: 'string' },
  'print-profile': { type: 'boolean', default: false },
  timeout: { type: 'string' },
  'request-timeout': { type: 'string' },
} as const;

/** Writes a file the command was asked for; says why it could not. Whether it wrote it. */
function writeOrSay(file: string, text: string, flag: string): boolean {
  try {
    writeFileSync(file, text);
    return true;
  } catch (error) {
    console.error(
      `petstore-contract: could not write ${flag} ${file}: ${(error as Error).message}`,
    );
    return false;
  }
}

// From the start of the process: what a person waiting for the command sees.
const elapsed = () => `${process.uptime().toFixed(1)} s`;

/**
 * The command that runs the same checks again: every option that chose what was sent
 * (the profile's file as given, the category, --read-only, the budget), the key read from
 * the environment.
 */
function replayCommand(result: ContractResult, command: string, values: FlagValues<typeof flags>) {
  const { run } = result;
  if (!run) return '';
  const given = (flag: 'profile' | 'pact' | 'category-id' | 'runs' | 'concurrency') =>
    values[flag] === undefined ? [] : [`--${flag} ${shellWord(String(values[flag]))}`];
  return [
    command,
    `--base-url ${shellWord(run.baseUrl)}`,
    `--level ${values.level ?? 'interface'}`,
    ...given('profile'),
    ...given('pact'),
    `--depth ${run.depth}`,
    `--seed ${run.seed}`,
    ...given('runs'),
    ...given('concurrency'),
    ...given('category-id'),
    ...(run.readOnly ? ['--read-only'] : []),
    ...(run.maxCreates === undefined ? [] : [`--max-creates ${run.maxCreates}`]),
  ].join(' ');
}

/** A word as a POSIX shell reads it back: quoted unless it is plain. */
const shellWord = (word: string) =>
  /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;

/** How many creations a whole run needs, for a run that --max-creates cut short. */
const fullRun = ({ run }: ContractResult) =>
  run
    ? `A full run at depth ${run.depth} creates about ${FULL_RUN_CREATIONS[run.depth][run.level]} animals at ${run.level} level (as many as this project's mock stores); --max-creates ${FULL_RUN_CREATIONS[run.depth][run.level]} skips nothing.`
    : '';

/** The lines after the suite: coverage, rules checked, the summary, the verdict. */
function closing(result: ContractResult, replay: string): string[] {
  const level = result.run?.level ?? 'interface';
  const wanted = listRules().filter((r) => level === 'strict' || r.level === 'interface');
  const checked = wanted.filter((r) => result.rulesChecked.includes(r.id)).length;
  const made = result.created.length;
  const prefix = result.names?.prefix ?? `${result.run?.runId}-`;
  const named = result.created.filter((c) => c.name?.startsWith(prefix)).length;
  const which = made > 0 ? ` (${named} named ${prefix}*; their ids are in --json)` : '';
  const lines = [
    '',
    result.coverage,
    `Rules checked: ${checked} of the ${wanted.length} rules of the ${level} level.`,
    `Animals created on the server: ${made}${which}${result.run?.maxCreates === undefined ? '' : `, within --max-creates ${result.run.maxCreates}`}.`,
    ...(result.names
      ? [
          result.names.declared
            ? `Names fitted to ${result.names.limit} characters, the limit the profile declares.`
            : result.names.learned
              ? `Names fitted to ${result.names.limit} characters, the longest this server accepts (a longer one got a 4xx; the interface sets no limit, so that is the server's choice).`
              : `Names fitted to ${result.names.limit} characters: the server refused even names of ${result.names.limit}.`,
        ]
      : []),
    ...(result.lowered
      ? [
          `The server shed load (503) at ${result.lowered.from} requests in flight: the run went on with ${result.lowered.to} (never judged; --concurrency ${result.lowered.to} avoids the waits).`,
        ]
      : []),
    ...(result.resent > 0
      ? [
          `Sent again on a new connection: ${result.resent} request(s) lost before any answer on a kept-alive connection the server had closed (as browsers do; only a loss on the new connection is a finding).`,
        ]
      : []),
    ...(result.pact ? pactLines(result.pact) : []),
    '',
  ];
  const unbudgeted = result.skipped.filter((c) => c.note?.includes('--max-creates')).length;
  if (result.verdict === 'passed')
    return [
      ...lines,
      unbudgeted > 0
        ? `CONFORMANT as far as tested: every check that ran passed; ${unbudgeted} checks needed more creations than --max-creates allows and were skipped.\n${fullRun(result)}`
        : 'CONFORMANT: every check passed.',
    ];
  return [
    ...lines,
    'NOT CONFORMANT.',
    result.summary,
    '',
    `Replay exactly (export PETSTORE_API_KEY first): ${replay}`,
  ];
}

/**
 * Runs the contract command; with `startServer` (the repository's command) a run without
 * --base-url tests the server it starts, without it (the installed command) --base-url is required.
 */
export function contractCommand(startServer?: () => Promise<StartedServer>): void {
  const where = startServer ? 'checkout' : 'installed';
  runCommand({ name: 'petstore-contract', help: help(where), flags }, (values) =>
    contract(values, startServer),
  );
}

async function contract(
  values: FlagValues<typeof flags>,
  startServer: (() => Promise<StartedServer>) | undefined,
): Promise<number> {
  const level = choiceFlag('level', values.level, ['interface', 'strict'] as const);
  const depth = choiceFlag('depth', values.depth, DEPTHS);
  const baseUrl = orEnv(values['base-url'], 'PETSTORE_BASE_URL');
  const apiKey = orEnv(values['api-key'], 'PETSTORE_API_KEY');
  if (!baseUrl && !startServer)
    throw new UsageError('--base-url is required: the URL of the server to test, ending in /v1');
  if (baseUrl && !apiKey)
    throw new UsageError('--api-key (or PETSTORE_API_KEY) is required with --base-url');
  if (values['print-profile']) {
    if (!baseUrl) {
      process.stdout.write(
        printProfile({ ...STRICT_PROFILE, decisions: false }, "this project's own choices"),
      );
      return 0;
    }
    // The same preflight as a run (GET requests only): a wrong URL or key is said, exit 2.
    let server: ServerUnderTest;
    try {
      server = await preflight({ baseUrl, apiKey: apiKey ?? '' }, true);
    } catch (error) {
      if (!(error instanceof PreflightError)) throw error;
      console.error(`petstore-contract: could not read a profile: ${error.message}`);
      return 2;
    }
    const readOnly = values['read-only'];
    const { profile, notes } = await observeProfile(server, fetch, readOnly);
    const how = readOnly
      ? 'GET requests'
      : 'GET requests and two creations no conforming server stores';
    process.stdout.write(printProfile(profile, `observed at ${server.baseUrl} with ${how}`, notes));
    return 0;
  }
  const profile =
    values.profile === undefined ? undefined : loadProfile(values.profile, 'contract');
  const pact = values.pact === undefined ? undefined : loadPact(values.pact, 'contract');
  const category = int64Flag('category-id', values['category-id'], 1n);
  const report =
    values.report === undefined ? undefined : outputFileFlag('report', values.report, 'contract');
  const junitFile =
    values.junit === undefined ? undefined : outputFileFlag('junit', values.junit, 'contract');
  const jsonFile =
    values.json === undefined ? undefined : outputFileFlag('json', values.json, 'contract');
  const maxCreates =
    values['max-creates'] === undefined
      ? undefined
      : Number(int64Flag('max-creates', values['max-creates'], 0n));
  const result = await runContract({
    server: baseUrl ? { baseUrl, apiKey: apiKey ?? '' } : undefined,
    startServer,
    level,
    profile,
    pact,
    depth,
    categoryId: category <= Number.MAX_SAFE_INTEGER ? Number(category) : category,
    readOnly: values['read-only'],
    maxCreates,
    seed: values.seed === undefined ? undefined : Number(int64Flag('seed', values.seed)),
    runs: values.runs === undefined ? undefined : Number(int64Flag('runs', values.runs, 1n)),
    concurrency:
      values.concurrency === undefined
        ? undefined
        : integerFlag('concurrency', values.concurrency, 1, 256),
    junitFile,
    timeoutMs:
      values.timeout === undefined
        ? undefined
        : positiveNumberFlag('timeout', values.timeout) * 1000,
    requestTimeoutMs:
      values['request-timeout'] === undefined
        ? undefined
        : positiveNumberFlag('request-timeout', values['request-timeout']) * 1000,
    echo: { stdout: process.stdout, stderr: process.stderr },
    onStart: (run) => {
      if (run.localMock) console.log(`No --base-url: testing the local mock at ${run.baseUrl}`);
      console.log(
        `Contract suite at ${run.level} level against ${run.baseUrl}${run.readOnly ? ' (read-only)' : ''}${run.maxCreates === undefined ? '' : ` (at most ${run.maxCreates} creations)`}\n` +
          `Depth ${run.depth} (${run.runs} generated cases per property), seed ${run.seed} (replay with --seed ${run.seed}), pets named ${run.runId}-*\n`,
      );
      if (run.keyForm)
        console.log(
          `The server refused the key as the interface writes it (${describeKeyForm(INTERFACE_KEY_FORM)}) and took it as ${describeKeyForm(run.keyForm)}: the run sends it so, and reports the difference under auth-required.\n`,
        );
      const declared = Object.entries(run.profile).filter(([field]) => field !== 'decisions');
      if (declared.length > 0)
        console.log(
          `Declared choices checked: ${declared.map(([field, value]) => `${field} ${JSON.stringify(value)}`).join(', ')}\n`,
        );
    },
  });
  if (jsonFile && !writeOrSay(jsonFile, jsonResultText(result), '--json')) {
    console.error(`Finished in ${elapsed()} (exit 2).`);
    return 2;
  }
  if (result.verdict === 'could-not-test') {
    console.error(`petstore-contract: could not test: ${result.reason}`);
    if (result.created.length > 0)
      console.error(
        `Animals created on the server before it stopped: ${result.created.length}${jsonFile ? ` (their ids are in ${jsonFile})` : ' (--json lists their ids)'}.`,
      );
    console.error(`Finished in ${elapsed()} (exit 2).`);
    return 2;
  }
  const command = startServer ? 'npm run contract --' : 'npx petstore-contract';
  const lines = closing(result, replayCommand(result, command, values));
  console.log(lines.join('\n'));
  if (report && !writeOrSay(report, `${lines.join('\n').trim()}\n`, '--report')) {
    console.error(`Finished in ${elapsed()} (exit 2).`);
    return 2;
  }
  const code = result.verdict === 'passed' ? 0 : 1;
  console.log(`Finished in ${elapsed()} (exit ${code}).`);
  return code;
}
