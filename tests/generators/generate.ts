/**
 * The three client generators a frontend team reaches for, run through their command
 * lines exactly as docs/typed-client.md tells a user to run them.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/** A client generator this project checks the spec against. */
export type Generator = 'hey-api' | 'orval' | 'openapi-typescript';

/** `installed`: run from the project's dev dependencies (`npm i -D`, then `npx bin`), not npx alone. */
type Command = {
  package: string;
  bin: string;
  args: (input: string) => string[];
  installed?: boolean;
};

// Each writes `petstore` (a folder, a .ts file or a .d.ts file) beside the code that imports it.
const COMMANDS: Record<Generator, Command> = {
  'hey-api': {
    package: '@hey-api/openapi-ts',
    bin: 'openapi-ts',
    args: (input) => ['-i', input, '-o', 'petstore', '-c', '@hey-api/client-fetch'],
    // It loads its `typescript` peer's JS API; npx alone would fetch TypeScript 7, which has none.
    installed: true,
  },
  // orval's command line has no base URL: it reads its input and base URL from orval.config.ts,
  // which imports orval (so orval must be installed in the project).
  orval: {
    package: 'orval',
    bin: 'orval',
    args: () => ['--config', 'orval.config.ts'],
    installed: true,
  },
  'openapi-typescript': {
    package: 'openapi-typescript',
    bin: 'openapi-typescript',
    args: (input) => [input, '-o', 'petstore.d.ts'],
  },
};

/** The generators, in the order the docs present them. */
export const GENERATORS = Object.keys(COMMANDS) as Generator[];

/** Where docs/typed-client.md generates from: the spec a running mock serves. */
export const DOCUMENTED_SPEC_URL = 'http://127.0.0.1:4010/openapi.json';

const root = new URL('../../', import.meta.url);

/** The arguments that generate a client from `input` (orval: from its orval.config.ts). */
export const argsFor = (generator: Generator, input: string): string[] =>
  COMMANDS[generator].args(input);

/** The version of a generator that is installed, the one the docs name. */
export function installedVersion(generator: Generator): string {
  const manifest = new URL(`node_modules/${COMMANDS[generator].package}/package.json`, root);
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** The package at the version the docs name, as `npm i -D` or npx takes it. */
export const packageAtVersion = (generator: Generator): string =>
  `${COMMANDS[generator].package}@${installedVersion(generator)}`;

/** Whether the docs install the generator in the project before running it. */
export const runsInstalled = (generator: Generator): boolean =>
  COMMANDS[generator].installed === true;

/** The command line a user types to run a generator with `args`. */
export function commandLine(generator: Generator, args: string[]): string {
  const command = runsInstalled(generator) ? COMMANDS[generator].bin : packageAtVersion(generator);
  return ['npx', command, ...args].join(' ');
}

/** Runs a generator with `args` in the folder `cwd`, where it writes its output. */
export async function generate(generator: Generator, args: string[], cwd: string): Promise<void> {
  const { bin } = COMMANDS[generator];
  const executable = fileURLToPath(new URL(`node_modules/.bin/${bin}`, root));
  try {
    await promisify(execFile)(executable, args, { cwd, timeout: 60_000 });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    const command = [bin, ...args].join(' ');
    throw new Error(`${command} failed in ${cwd}:\n${stderr ?? ''}${stdout ?? ''}`, {
      cause: error,
    });
  }
}
