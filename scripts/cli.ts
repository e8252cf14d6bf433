/**
 * What every command in scripts/ shares: flags parsed with node:util's parseArgs, `--help`
 * and `-h`, usage errors printed as one line plus "Run with --help" (exit 2), and readers
 * for integer, choice, list and path flags whose messages name the flag.
 */
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';

/** A mistake in the command line (or in what it names): printed in one line, exit 2. */
export class UsageError extends Error {}

/** The flags of a command, as parseArgs takes them. */
export type Flags = NonNullable<ParseArgsConfig['options']>;

const HELP_FLAG = { help: { type: 'boolean', short: 'h' } } as const;

/** The values of a command's flags, `help` included. */
export type FlagValues<F extends Flags> = ReturnType<
  typeof parseArgs<{ options: F & typeof HELP_FLAG; strict: true; allowPositionals: false }>
>['values'];

/** A command: its name in messages, its `--help` text and its flags (`--help`/`-h` is added). */
export type Command<F extends Flags> = { name: string; help: string; flags: F };

/** Parses `argv` against `flags`; an unknown flag or a stray argument is a UsageError. */
export function parseFlags<F extends Flags>(flags: F, argv: string[]): FlagValues<F> {
  try {
    const options = { ...flags, ...HELP_FLAG };
    return parseArgs({ args: argv, options, strict: true, allowPositionals: false })
      .values as FlagValues<F>;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/**
 * Runs a command: prints its help for `--help` or `-h` (exit 0), or else calls `main` with
 * the flags, whose number becomes the exit code (none: the process lives on, e.g. a server).
 * A UsageError ends it with one line and exit 2; anything else is an unexpected failure (1).
 */
export function runCommand<F extends Flags>(
  command: Command<F>,
  main: (values: FlagValues<F>) => Promise<number | undefined> | number | undefined,
  argv: string[] = process.argv.slice(2),
): void {
  const fail = (error: unknown): void => {
    if (error instanceof UsageError) {
      console.error(`${command.name}: ${error.message}\nRun with --help for the options.`);
      process.exit(2);
    }
    console.error(`${command.name}: unexpected failure: ${(error as Error).stack ?? error}`);
    process.exitCode = 1;
  };
  new Promise<FlagValues<F>>((resolve) => resolve(parseFlags(command.flags, argv)))
    .then((values) => {
      if (!(values as { help?: boolean }).help) return main(values);
      console.log(command.help);
      return 0;
    })
    .then((code) => {
      if (code !== undefined) process.exitCode = code;
    }, fail);
}

/** Reads a whole number from `min` to `max` (no upper bound by default). */
export function integerFlag(flag: string, text: string, min = 0, max = Infinity): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) {
    const range = max === Infinity ? `of at least ${min}` : `from ${min} to ${max}`;
    throw new UsageError(`--${flag} must be an integer ${range}, got "${text}"`);
  }
  return value;
}

const INT64_MAX = 2n ** 63n - 1n;

/** Reads a whole number of at least `min` that fits in an int64, exactly (as a bigint). */
export function int64Flag(flag: string, text: string, min = 0n): bigint {
  if (!/^\d+$/.test(text) || BigInt(text) < min || BigInt(text) > INT64_MAX) {
    throw new UsageError(`--${flag} must be an integer of at least ${min}, got "${text}"`);
  }
  return BigInt(text);
}

/** Reads a number above zero (fractions allowed, e.g. seconds). */
export function positiveNumberFlag(flag: string, text: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0) {
    throw new UsageError(`--${flag} must be a positive number, got "${text}"`);
  }
  return value;
}

/** Reads one of `choices`. */
export function choiceFlag<T extends string>(flag: string, text: string, choices: readonly T[]): T {
  if (choices.includes(text as T)) return text as T;
  const named =
    choices.length === 2 ? `${choices[0]} or ${choices[1]}` : `one of ${choices.join(', ')}`;
  throw new UsageError(`--${flag} must be ${named}, got "${text}"`);
}

/** Splits comma-separated lists (a flag may also be repeated), dropping empty items. */
export const splitList = (texts: string | readonly string[] | undefined): string[] =>
  [texts ?? []]
    .flat()
    .flatMap((text) => text.split(','))
    .map((item) => item.trim())
    .filter((item) => item !== '');

/** Reads a comma-separated list of `choices` (the flag may be repeated). */
export function listFlag<T extends string>(
  flag: string,
  texts: string | readonly string[] | undefined,
  choices: readonly T[],
): T[] {
  const items = splitList(texts);
  const stranger = items.find((item) => !choices.includes(item as T));
  if (stranger !== undefined) {
    throw new UsageError(`--${flag} takes ${choices.join(', ')}; got "${stranger}"`);
  }
  return items as T[];
}

/** A flag's value, or else the environment variable's; an empty variable counts as unset. */
export function orEnv(
  value: string | undefined,
  variable: string,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  return value ?? (env[variable] || undefined);
}

/**
 * The directory a command was typed in. npm runs this repository's own scripts (`npm run mock`)
 * from the package's root and records where it was typed in INIT_CWD; a bin run directly or
 * through npx already runs there. A consumer's own script keeps its folder: paths written
 * in its package.json are relative to it.
 */
export function commandDir(npmScript: string, env: NodeJS.ProcessEnv = process.env): string {
  const ownScript =
    env.npm_package_name === 'petstore-workspace' && env.npm_lifecycle_event === npmScript;
  return ownScript && env.INIT_CWD ? env.INIT_CWD : process.cwd();
}

/** A file or folder named on the command line, as an absolute path (see commandDir). */
export function pathFlag(
  text: string,
  npmScript: string,
  env: NodeJS.ProcessEnv = process.env,
): string {
  return resolve(commandDir(npmScript, env), text);
}

const WHY_NOT_WRITABLE: Record<string, string> = {
  EEXIST: 'a file stands where a folder is needed',
  ENOTDIR: 'a file stands where a folder is needed',
  EACCES: 'no permission to write there',
  EPERM: 'no permission to write there',
  EROFS: 'the file system is read-only',
  ENOENT: 'no folder can be made there',
};

/**
 * Makes a folder and the folders above it that are missing, one at a time. Node's own
 * `mkdir -p` loops for ever where a folder cannot be made although its parent looks
 * writable (under /proc); one step at a time, the first refusal ends it.
 */
function makeFolders(folder: string): void {
  const missing: string[] = [];
  let at = folder;
  while (!existsSync(at)) {
    missing.unshift(at);
    const up = dirname(at);
    if (up === at) break;
    at = up;
  }
  if (existsSync(at) && !statSync(at).isDirectory())
    throw Object.assign(new Error(`${at} is a file`), { code: 'ENOTDIR' });
  for (const each of missing) mkdirSync(each);
}

/** Why a place cannot be written, in words, from an error of the file system. */
function whyNotWritable(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  return WHY_NOT_WRITABLE[code] ?? (code ? `${code}` : (error as Error).message);
}

/**
 * A file the command will write, named on the command line: its folders are made now, and a
 * place it cannot be written (a file where a folder should be, no permission) is a usage
 * error before any work is done, not a failure after it.
 */
export function outputFileFlag(
  flag: string,
  text: string,
  npmScript: string,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const file = pathFlag(text, npmScript, env);
  try {
    makeFolders(dirname(file));
    if (existsSync(file) && statSync(file).isDirectory()) throw new Error('it is a folder');
    accessSync(dirname(file), constants.W_OK);
  } catch (error) {
    throw new UsageError(`--${flag} ${text}: cannot write ${file}: ${whyNotWritable(error)}`);
  }
  return file;
}

/**
 * A folder the command will write files into: made now (with the folders above it), and
 * tried with a file written and removed, so a place it cannot write is a usage error at once.
 */
export function outputDirFlag(
  flag: string,
  text: string,
  npmScript: string,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const folder = pathFlag(text, npmScript, env);
  try {
    makeFolders(folder);
    if (!statSync(folder).isDirectory())
      throw Object.assign(new Error('a file'), { code: 'ENOTDIR' });
    const probe = join(folder, `.write-test-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (error) {
    throw new UsageError(
      `--${flag} ${text}: cannot write into ${folder}: ${whyNotWritable(error)}`,
    );
  }
  return folder;
}
