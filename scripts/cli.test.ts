import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import {
  choiceFlag,
  commandDir,
  int64Flag,
  integerFlag,
  listFlag,
  orEnv,
  outputFileFlag,
  parseFlags,
  pathFlag,
  positiveNumberFlag,
  UsageError,
} from './cli.ts';

it('adds --help and -h to every command and refuses unknown flags and stray arguments', () => {
  const flags = { port: { type: 'string' } } as const;
  expect(parseFlags(flags, ['-h']).help).toBe(true);
  expect(parseFlags(flags, ['--port', '1']).port).toBe('1');
  expect(() => parseFlags(flags, ['--bogus'])).toThrow(UsageError);
  expect(() => parseFlags(flags, ['extra'])).toThrow(/Unexpected argument 'extra'/);
});

it('reads integers in range and names the flag and the value otherwise', () => {
  expect(integerFlag('port', '0', 0)).toBe(0);
  expect(() => integerFlag('runs', 'many', 1)).toThrow(
    '--runs must be an integer of at least 1, got "many"',
  );
  expect(() => integerFlag('port', '70000', 1, 65_535)).toThrow(
    '--port must be an integer from 1 to 65535, got "70000"',
  );
  expect(() => integerFlag('seed-count', '-1')).toThrow(UsageError);
});

it('keeps int64 values exact and refuses what does not fit', () => {
  expect(int64Flag('category-id', '9223372036854775807', 1n)).toBe(2n ** 63n - 1n);
  expect(() => int64Flag('category-id', '9223372036854775808', 1n)).toThrow(/--category-id/);
  expect(() => int64Flag('category-id', '0', 1n)).toThrow('of at least 1, got "0"');
});

it('reads positive numbers with fractions', () => {
  expect(positiveNumberFlag('duration', '0.5')).toBe(0.5);
  expect(() => positiveNumberFlag('duration', '')).toThrow('--duration must be a positive number');
  expect(() => positiveNumberFlag('duration', '0')).toThrow(UsageError);
});

it('reads a choice, naming the choices when the value is not one', () => {
  expect(choiceFlag('level', 'strict', ['interface', 'strict'])).toBe('strict');
  expect(() => choiceFlag('level', 'lenient', ['interface', 'strict'])).toThrow(
    '--level must be interface or strict, got "lenient"',
  );
  expect(() => choiceFlag('mode', 'x', ['a', 'b', 'c'])).toThrow('must be one of a, b, c');
});

it('reads lists given comma-separated or as repeated flags, naming a stranger', () => {
  const stages = ['lint', 'contract', 'prism', 'dredd'] as const;
  expect(listFlag('skip', ['lint, prism', 'dredd', ''], stages)).toEqual([
    'lint',
    'prism',
    'dredd',
  ]);
  expect(listFlag('skip', undefined, stages)).toEqual([]);
  expect(() => listFlag('skip', 'lint,speed', stages)).toThrow(
    '--skip takes lint, contract, prism, dredd; got "speed"',
  );
});

it('falls back to the environment when the flag is absent, and not when it is empty', () => {
  const env = { PETSTORE_API_KEY: 'from-env', EMPTY: '' };
  expect(orEnv(undefined, 'PETSTORE_API_KEY', env)).toBe('from-env');
  expect(orEnv('flag', 'PETSTORE_API_KEY', env)).toBe('flag');
  expect(orEnv(undefined, 'EMPTY', env)).toBeUndefined();
});

it('resolves paths against where npm run was typed for our own script, else the working folder', () => {
  const typedIn = '/home/dev/project/sub';
  const ours = {
    npm_package_name: 'petstore-workspace',
    npm_lifecycle_event: 'mock',
    INIT_CWD: typedIn,
  };
  expect(commandDir('mock', ours)).toBe(typedIn);
  expect(pathFlag('data.json', 'mock', ours)).toBe(`${typedIn}/data.json`);
  expect(pathFlag('/abs/data.json', 'mock', ours)).toBe('/abs/data.json');
  // Inherited from another script (a test run spawning the bin), or a consumer's own script.
  expect(commandDir('mock', { ...ours, npm_lifecycle_event: 'test' })).toBe(process.cwd());
  expect(commandDir('mock', { ...ours, npm_package_name: 'my-app' })).toBe(process.cwd());
  expect(commandDir('mock', {})).toBe(process.cwd());
});

it('makes the folders of an output file now, and refuses one it could not write', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cli-out-'));
  try {
    const typed = {
      npm_package_name: 'petstore-workspace',
      npm_lifecycle_event: 'contract',
      INIT_CWD: dir,
    };
    expect(outputFileFlag('junit', 'reports/ci/c.xml', 'contract', typed)).toBe(
      join(dir, 'reports/ci/c.xml'),
    );
    writeFileSync(join(dir, 'report.txt'), '');
    expect(() => outputFileFlag('junit', 'report.txt/c.xml', 'contract', typed)).toThrow(
      new UsageError(
        `--junit report.txt/c.xml: cannot write ${join(dir, 'report.txt/c.xml')}: a file stands where a folder is needed`,
      ),
    );
    expect(() => outputFileFlag('report', '.', 'contract', typed)).toThrow(/it is a folder/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
