/** The flags of the release gate, and how they become runGate's options. */
import { existsSync } from 'node:fs';
import type { GateOptions } from '../gate/run-gate.ts';
import { stageNames } from '../gate/stage.ts';
import {
  choiceFlag,
  type FlagValues,
  int64Flag,
  integerFlag,
  listFlag,
  orEnv,
  outputDirFlag,
  outputFileFlag,
  parseFlags,
  pathFlag,
  positiveNumberFlag,
  UsageError,
} from './cli.ts';
import { loadPact } from './pact-file.ts';
import { loadProfile } from './profile-file.ts';
import { READER_FLAGS, readerOptions } from './reader-flags.ts';

/** The gate's flags (scripts/cli.ts adds --help and -h). */
export const gateFlags = {
  'base-url': { type: 'string' },
  'api-key': { type: 'string' },
  level: { type: 'string' },
  skip: { type: 'string', multiple: true },
  'skip-lint': { type: 'boolean' },
  'skip-contract': { type: 'boolean' },
  'skip-prism': { type: 'boolean' },
  'skip-dredd': { type: 'boolean' },
  'junit-dir': { type: 'string' },
  json: { type: 'string' },
  'summary-md': { type: 'string' },
  profile: { type: 'string' },
  pact: { type: 'string' },
  'max-creates': { type: 'string' },
  'read-only': { type: 'boolean' },
  concurrency: { type: 'string' },
  timeout: { type: 'string' },
  'stage-timeout': { type: 'string' },
  'request-timeout': { type: 'string' },
  ...READER_FLAGS,
  'require-complete': { type: 'boolean' },
  openapi: { type: 'string' },
  e2e: { type: 'string' },
  'e2e-client': { type: 'string' },
  'e2e-min-coverage': { type: 'string' },
  version: { type: 'boolean' },
} as const;

/** runGate's options from the flags, the outputs asked for, and the mock's key when there is no URL. */
export type GateFlagOptions = Omit<GateOptions, 'onStage' | 'startMock'> & {
  mockApiKey?: string;
  requireComplete: boolean;
  jsonFile?: string;
  summaryMd?: string;
};

const seconds = (flag: string, text: string | undefined) =>
  text === undefined ? undefined : Math.round(positiveNumberFlag(flag, text) * 1000);

/** The --openapi source: a URL as given, or a file that exists. */
function openapiSource(text: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  if (text === undefined || /^https?:\/\//i.test(text)) return text;
  const file = pathFlag(text, 'gate', env);
  if (!existsSync(file))
    throw new UsageError(
      `--openapi ${text}: no such file (${file}); give a file or an http(s) URL`,
    );
  return file;
}

/** The traffic stage's options from --e2e and its companions, checked. */
function e2eOptions(values: FlagValues<typeof gateFlags>) {
  const command = values.e2e;
  if (command === undefined) {
    for (const flag of ['e2e-client', 'e2e-min-coverage'] as const)
      if (values[flag] !== undefined) throw new UsageError(`--${flag} needs --e2e CMD`);
    return {};
  }
  if (command.trim() === '')
    throw new UsageError("--e2e needs the command that runs the app's end-to-end tests");
  if (values['read-only'])
    throw new UsageError(
      "--e2e runs the app's own tests, whose requests the gate does not choose (a creation among them): not with --read-only",
    );
  return {
    e2e: command,
    e2eClient: choiceFlag('e2e-client', values['e2e-client'] ?? 'report', [
      'report',
      'strict',
    ] as const),
    ...(values['e2e-min-coverage'] === undefined
      ? {}
      : { e2eMinCoverage: integerFlag('e2e-min-coverage', values['e2e-min-coverage'], 0, 100) }),
  };
}

/**
 * Turns the flags into runGate's options: strict level for the mock and interface level for
 * another server unless --level says otherwise; the key from PETSTORE_API_KEY when no flag
 * gives one; stages to skip from --skip lists and --skip-STAGE flags. Every output place is
 * checked now, so one that cannot be written stops the gate before it starts.
 */
export function gateOptions(
  values: FlagValues<typeof gateFlags>,
  env: NodeJS.ProcessEnv = process.env,
  needsBaseUrl = false,
): GateFlagOptions {
  const baseUrl = values['base-url'];
  if (needsBaseUrl && baseUrl === undefined)
    throw new UsageError('--base-url is required: the URL of the server to check, ending in /v1');
  const level = choiceFlag('level', values.level ?? (baseUrl ? 'interface' : 'strict'), [
    'interface',
    'strict',
  ] as const);
  const skip = listFlag('skip', values.skip, stageNames);
  for (const stage of stageNames) if (values[`skip-${stage}`]) skip.push(stage);
  const apiKey = orEnv(values['api-key'], 'PETSTORE_API_KEY', env) || undefined;
  if (baseUrl !== undefined && apiKey === undefined)
    throw new UsageError('--api-key (or PETSTORE_API_KEY) is required with --base-url');
  const out = (flag: 'json' | 'summary-md') =>
    values[flag] === undefined ? undefined : outputFileFlag(flag, values[flag], 'gate', env);
  return {
    server: baseUrl === undefined ? undefined : { baseUrl, apiKey: apiKey ?? '' },
    mockApiKey: baseUrl === undefined ? apiKey : undefined,
    level,
    skip: [...new Set(skip)],
    junitDir:
      values['junit-dir'] === undefined
        ? undefined
        : outputDirFlag('junit-dir', values['junit-dir'], 'gate', env),
    jsonFile: out('json'),
    summaryMd: out('summary-md'),
    ...(values.profile === undefined
      ? {}
      : { profile: loadProfile(values.profile, 'gate', env), profileFile: values.profile }),
    ...(values.pact === undefined
      ? {}
      : { pact: loadPact(values.pact, 'gate', env), pactFile: values.pact }),
    replayWith: needsBaseUrl ? 'installed' : 'checkout',
    ...(values['max-creates'] === undefined
      ? {}
      : { maxCreates: Number(int64Flag('max-creates', values['max-creates'], 0n)) }),
    readOnly: values['read-only'] === true,
    ...(values.concurrency === undefined
      ? {}
      : { concurrency: integerFlag('concurrency', values.concurrency, 1, 256) }),
    timeoutMs: seconds('timeout', values.timeout),
    stageTimeoutMs: seconds('stage-timeout', values['stage-timeout']),
    requestTimeoutMs: seconds('request-timeout', values['request-timeout']),
    ...readerOptions(values),
    requireComplete: values['require-complete'] === true,
    openapi: openapiSource(values.openapi, env),
    ...e2eOptions(values),
  };
}

/** Parses the gate's command line (without node and the script) into runGate's options. */
export const parseGateFlags = (argv: string[], env: NodeJS.ProcessEnv = {}) =>
  gateOptions(parseFlags(gateFlags, argv), env);
