/**
 * The three client generators a frontend team reaches for, run through `npx` exactly as the
 * README and docs/typed-client.md tell a user to run them.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { userEnv } from '../package/shipped-mock.ts';

/** A client generator this project checks the spec against. */
export type Generator = 'hey-api' | 'orval' | 'openapi-typescript';

/**
 * A generator's recipe: the arguments of `npx` (always `-y -p` with pinned versions, so the
 * app's own dependencies stay as they are), given the spec's input; output goes to `src/`.
 */
type Command = { package: string; version: string; npx: (input: string) => string[] };

const COMMANDS: Record<Generator, Command> = {
  // It loads its `typescript` peer's JS API, which TypeScript 7 (what npx or a new Vite app
  // would pick) no longer has: TypeScript 6 comes beside it in npx's folder. As an alias, so
  // that npx installs it even where the app already holds 6.0.3 (this workspace does: it
  // links the repository's node_modules); a plain spec is skipped then, and 7 comes instead.
  'hey-api': {
    package: '@hey-api/openapi-ts',
    version: '0.95.0',
    npx: (input) => [
      '-y',
      '-p',
      '@hey-api/openapi-ts@0.95.0',
      '-p',
      'typescript@npm:typescript@6.0.3',
      'openapi-ts',
      '-i',
      input,
      '-o',
      'src/petstore',
      '-c',
      '@hey-api/client-fetch',
    ],
  },
  // Its command line has no base URL: input and base URL are in orval.config.ts. It brings
  // @scarf/scarf, whose install script reports installs: --ignore-scripts keeps it quiet.
  orval: {
    package: 'orval',
    version: '7.13.2',
    npx: () => [
      '-y',
      '--ignore-scripts',
      '-p',
      'orval@7.13.2',
      'orval',
      '--config',
      'orval.config.ts',
    ],
  },
  'openapi-typescript': {
    package: 'openapi-typescript',
    version: '7.13.0',
    npx: (input) => [
      '-y',
      '-p',
      'openapi-typescript@7.13.0',
      'openapi-typescript',
      input,
      '-o',
      'src/petstore.d.ts',
    ],
  },
};

/** The generators, in the order the docs present them. */
export const GENERATORS = Object.keys(COMMANDS) as Generator[];

/** Where docs/typed-client.md generates from: the spec a running mock serves. */
export const DOCUMENTED_SPEC_URL = 'http://127.0.0.1:4010/openapi.json';

/** The package and version of a generator, as its recipe pins it. */
export const pinned = (generator: Generator) => COMMANDS[generator];

/** The command line a user types to run a generator on `input`. */
export const commandLine = (generator: Generator, input: string): string =>
  ['npx', ...COMMANDS[generator].npx(input)].join(' ');

/** Runs a generator's recipe on `input` in the project folder `cwd`, as a user types it. */
export async function generate(generator: Generator, input: string, cwd: string): Promise<void> {
  const args = COMMANDS[generator].npx(input);
  try {
    await promisify(execFile)('npx', args, { cwd, env: userEnv(), timeout: 240_000 });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`npx ${args.join(' ')} failed in ${cwd}:\n${stderr ?? ''}${stdout ?? ''}`, {
      cause: error,
    });
  }
}
