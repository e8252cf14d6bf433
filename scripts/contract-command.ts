/**
 * The contract suite as a command: runs it (contract-tests/) against a Pet Store server. The
 * repository's `npm run contract` (scripts/contract.ts) can start the mock to test; the
 * installed `petstore-contract` (scripts/petstore-contract.ts) always tests a server by URL.
 */
import { writeFileSync } from 'node:fs';
import { describeKeyForm, INTERFACE_KEY_FORM } from '../contract-tests/client/key-forms.ts';
import {
  PreflightError,
  preflight,
  type ServerUnderTest,
} from '../contract-tests/client/preflight.ts';
import { pactLines } from '../contract-tests/pact/pact-summary.ts';
import { observeProfile } from '../contract-tests/profile/observe.ts';
import { printProfile } from '../contract-tests/profile/print.ts';
import { idRangesText } from '../contract-tests/report/id-ranges.ts';
import { jsonResultText } from '../contract-tests/report/json-report.ts';
import { DEPTHS } from '../contract-tests/run/depth.ts';
import { type ContractResult, runContract, type StartedServer } from '../contract-tests/run/run.ts';
import { FULL_RUN_CREATIONS } from '../contract-tests/run/themes.ts';
import { boundedFetch, ReadFailure } from '../net/index.ts';
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
import { contractHelp } from './contract-help.ts';
import { creationsForeword, holdingNotes, notesBlock } from './contract-notes.ts';
import { loadPact } from './pact-file.ts';
import { loadProfile } from './profile-file.ts';
import { READER_FLAGS, readerOptions } from './reader-flags.ts';

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
  ...READER_FLAGS,
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

/** The lines after the suite: coverage, rules checked, the verdict, the findings, the notes. */
function closing(result: ContractResult, replay: string, notes: readonly string[]): string[] {
  const level = result.run?.level ?? 'interface';
  const wanted = listRules().filter((r) => level === 'strict' || r.level === 'interface');
  const checked = wanted.filter((r) => result.rulesChecked.includes(r.id)).length;
  const made = result.created.length;
  const prefix = result.names?.prefix ?? `${result.run?.runId}-`;
  const named = result.created.filter((c) => c.name?.startsWith(prefix)).length;
  const which = made > 0 ? ` (${named} named ${prefix}*; their ids are in --json)` : '';
  const ids = result.created.flatMap((c) => (c.id === null ? [] : [c.id]));
  const lines = [
    '',
    result.coverage,
    `Rules checked: ${checked} of the ${wanted.length} rules of the ${level} level.`,
    `Animals created on the server: ${made}${which}${result.run?.maxCreates === undefined ? '' : `, within --max-creates ${result.run.maxCreates}`}.`,
    ...(ids.length > 0 ? [`  their ids: ${idRangesText(ids)}`] : []),
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
      ...notesBlock(notes),
    ];
  return [
    ...lines,
    'NOT CONFORMANT.',
    result.summary,
    '',
    `Replay exactly (export PETSTORE_API_KEY first): ${replay}`,
    ...notesBlock(notes),
  ];
}

/**
 * Runs the contract command; with `startServer` (the repository's command) a run without
 * --base-url tests the server it starts, without it (the installed command) --base-url is required.
 */
export function contractCommand(startServer?: () => Promise<StartedServer>): void {
  const where = startServer ? 'checkout' : 'installed';
  runCommand({ name: 'petstore-contract', help: contractHelp(where), flags }, (values) =>
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
    const reader = readerOptions(values);
    const reading = {
      ...(reader.maxResponseBytes ? { bounds: { maxBodyBytes: reader.maxResponseBytes } } : {}),
      ...(reader.ca === undefined ? {} : { ca: reader.ca }),
    };
    try {
      server = await preflight({ baseUrl, apiKey: apiKey ?? '' }, true, undefined, reading);
    } catch (error) {
      if (!(error instanceof PreflightError)) throw error;
      console.error(`petstore-contract: could not read a profile: ${error.message}`);
      return 2;
    }
    const readOnly = values['read-only'];
    let observed: Awaited<ReturnType<typeof observeProfile>>;
    try {
      observed = await observeProfile(server, boundedFetch(reading), readOnly);
    } catch (error) {
      if (!(error instanceof ReadFailure)) throw error;
      console.error(
        `petstore-contract: could not read a profile: the server at ${server.baseUrl} ${error.kind === 'bound' ? error.message : `gave no whole answer (${error.message})`}`,
      );
      return 2;
    }
    const { profile, notes } = observed;
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
  const held = holdingNotes(process.stdout);
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
    ...readerOptions(values),
    echo: { stdout: held.stream, stderr: process.stderr },
    onStart: (run) => {
      if (run.localMock) console.log(`No --base-url: testing the local mock at ${run.baseUrl}`);
      console.log(
        `Contract suite at ${run.level} level against ${run.baseUrl}${run.readOnly ? ' (read-only)' : ''}${run.maxCreates === undefined ? '' : ` (at most ${run.maxCreates} creations)`}\n` +
          `Depth ${run.depth} (${run.runs} generated cases per property), seed ${run.seed} (replay with --seed ${run.seed}), pets named ${run.runId}-*\n` +
          `${creationsForeword(run)}\n`,
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
  const lines = closing(result, replayCommand(result, command, values), held.notes);
  console.log(lines.join('\n'));
  if (report && !writeOrSay(report, `${lines.join('\n').trim()}\n`, '--report')) {
    console.error(`Finished in ${elapsed()} (exit 2).`);
    return 2;
  }
  const code = result.verdict === 'passed' ? 0 : 1;
  console.log(`Finished in ${elapsed()} (exit ${code}).`);
  return code;
}
