/** The flags of `npm run gate`, and how they become runGate's options. */
import type { GateOptions } from '../gate/run-gate.ts';
import { stageNames } from '../gate/stage.ts';
import {
  choiceFlag,
  type FlagValues,
  int64Flag,
  integerFlag,
  listFlag,
  orEnv,
  parseFlags,
  pathFlag,
  UsageError,
} from './cli.ts';
import { loadPact } from './pact-file.ts';
import { loadProfile } from './profile-file.ts';

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
  profile: { type: 'string' },
  pact: { type: 'string' },
  'max-creates': { type: 'string' },
  concurrency: { type: 'string' },
} as const;

/** runGate's options from the flags, and the key for the mock started when there is no URL. */
export type GateFlagOptions = Omit<GateOptions, 'onStage' | 'startMock'> & { mockApiKey?: string };

/**
 * Turns the flags into runGate's options: strict level for the mock and interface level for
 * another server unless --level says otherwise; the key from PETSTORE_API_KEY when no flag
 * gives one; stages to skip from --skip lists and --skip-STAGE flags.
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
  return {
    server: baseUrl === undefined ? undefined : { baseUrl, apiKey: apiKey ?? '' },
    mockApiKey: baseUrl === undefined ? apiKey : undefined,
    level,
    skip: [...new Set(skip)],
    junitDir:
      values['junit-dir'] === undefined ? undefined : pathFlag(values['junit-dir'], 'gate', env),
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
    ...(values.concurrency === undefined
      ? {}
      : { concurrency: integerFlag('concurrency', values.concurrency, 1, 256) }),
  };
}

/** Parses the gate's command line (without node and the script) into runGate's options. */
export const parseGateFlags = (argv: string[], env: NodeJS.ProcessEnv = {}) =>
  gateOptions(parseFlags(gateFlags, argv), env);
