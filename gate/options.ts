/** Reads the gate's command-line flags into options, or a usage error naming the bad flag. */
import { parseArgs } from 'node:util';
import type { Level } from '../spec/levels.ts';
import { type StageName, stageNames } from './stage.ts';
import { GateUsageError } from './target.ts';

/** What one gate run does. */
export type GateOptions = {
  help: boolean;
  baseUrl?: string;
  apiKey?: string;
  level: Level;
  skip: Set<StageName>;
  junitDir?: string;
};

const flags = {
  help: { type: 'boolean', short: 'h' },
  'base-url': { type: 'string' },
  'api-key': { type: 'string' },
  level: { type: 'string' },
  skip: { type: 'string', multiple: true },
  'skip-lint': { type: 'boolean' },
  'skip-contract': { type: 'boolean' },
  'skip-prism': { type: 'boolean' },
  'skip-dredd': { type: 'boolean' },
  'junit-dir': { type: 'string' },
} as const;

/** Parses argv (without node and script); `env` supplies PETSTORE_API_KEY when no flag does. */
export function parseGateOptions(
  argv: string[],
  env: Record<string, string | undefined> = {},
): GateOptions {
  let values: ReturnType<typeof parseArgs<{ options: typeof flags }>>['values'];
  try {
    ({ values } = parseArgs({ args: argv, options: flags, allowPositionals: false }));
  } catch (error) {
    throw new GateUsageError(`${(error as Error).message}; see --help`);
  }
  const level = values.level ?? (values['base-url'] === undefined ? 'strict' : 'interface');
  if (level !== 'interface' && level !== 'strict') {
    throw new GateUsageError(`--level must be interface or strict, got "${level}"`);
  }
  const skip = new Set<StageName>();
  for (const name of (values.skip ?? []).flatMap((list) => list.split(','))) {
    const trimmed = name.trim();
    if (trimmed === '') continue;
    if (!stageNames.includes(trimmed as StageName)) {
      throw new GateUsageError(`--skip takes ${stageNames.join(', ')}; got "${trimmed}"`);
    }
    skip.add(trimmed as StageName);
  }
  for (const name of stageNames) if (values[`skip-${name}`]) skip.add(name);
  const apiKey = values['api-key'] ?? env.PETSTORE_API_KEY;
  return {
    help: values.help ?? false,
    baseUrl: values['base-url'],
    apiKey: apiKey === '' ? undefined : apiKey,
    level,
    skip,
    junitDir: values['junit-dir'],
  };
}
