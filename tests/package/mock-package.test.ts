/**
 * The package as a user installs it (installed.ts packs it once and installs the tarball into
 * empty projects): plain node imports ./node, tsc type-checks ./node, ./browser and ./spec,
 * esbuild bundles ./browser for the browser, a consumer's vitest uses the handlers, and the
 * installed bins run, petstore-contract passing the installed petstore-mock.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { copyFile, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../../lib/ports.ts';
import { runProcess } from '../../lib/run-process.ts';
import { type Installed, installedPackage } from './installed.ts';
import { ROOT, type ShippedMock, startShippedMock, userEnv } from './shipped-mock.ts';

const CONSUMER = fileURLToPath(new URL('./consumer/', import.meta.url));
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
// Each of these runs a process in the consumer project (tsc alone takes 8 s on an idle machine).
const SLOW = { timeout: 180_000 };
// Test tooling a consumer that only mocks should not get.
const TOOLING = ['vitest', 'fast-check', 'tsx', 'esbuild', 'yaml', 'typescript', 'vite'];

let installed: Installed;
let mock: ShippedMock | undefined;

beforeAll(async () => {
  installed = await installedPackage();
}, 600_000);

afterAll(() => mock?.process.stop());

/** Copies the named files of tests/package/consumer/ into a consumer project. */
const copyConsumerFiles = (project: string, names: string[]) =>
  Promise.all(names.map((name) => copyFile(join(CONSUMER, name), join(project, name))));

/** Runs a command in a consumer project, as a user would type it. */
const inProject = (project: string, command: string, args: string[], timeoutMs = 120_000) =>
  runProcess(command, args, { cwd: project, baseEnv: userEnv(), timeoutMs });

/** What a consumer project installed: its size in bytes and its lines of `npm ls --all`. */
async function footprint(project: string) {
  const du = await promisify(execFile)('du', ['-sb', 'node_modules'], { cwd: project });
  const ls = await inProject(project, 'npm', ['ls', '--all']);
  return {
    bytes: Number(du.stdout.split('\t')[0]),
    lsLines: ls.stdout.trimEnd().split('\n').length,
  };
}

it('ships the built entries, their types, both bins, the spec and the suite, and no tests', () => {
  const files = installed.packed.files.map((file) => file.path);
  for (const expected of [
    'dist/lib/node.js',
    'dist/lib/browser.js',
    'dist/lib/spec.js',
    'dist/types/mocks/node/index.d.ts',
    'dist/types/mocks/browser/index.d.ts',
    'dist/types/spec/index.d.ts',
    'dist/mock.mjs',
    'dist/contract.mjs',
    'scripts/bin/petstore-mock.js',
    'scripts/bin/petstore-contract.js',
    'mocks/node/landing/assets/landing.js',
    'spec/openapi.yaml',
    'spec/openapi.interface.yaml',
    'contract-tests/suite/createPet.contract.ts',
    'README.md',
    'docs/package.md',
    // Named by petstore-contract --help.
    'docs/rules.md',
    'docs/contract.md',
  ]) {
    expect(files, expected).toContain(expected);
  }
  // The README and the pages it links to, read from the installed package, link to files
  // that came with it.
  const broken = files
    .filter((file) => /^(README|docs\/[\w-]+)\.md$/.test(file))
    .flatMap((file) => {
      const text = readFileSync(
        join(installed.mockOnly, 'node_modules/petstore-mock-contract', file),
        'utf8',
      );
      return [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
        .map((m) => m[1] as string)
        .filter((target) => !/^[a-z]+:/.test(target))
        .map((target) => posix.join(posix.dirname(file), target))
        .filter((target) => !files.some((f) => f === target || f.startsWith(`${target}/`)))
        .map((target) => `${file} -> ${target}`);
    });
  expect(broken).toEqual([]);
  const unwanted = files.filter((file) =>
    /\.test\.ts$|^tests\/|^build\/|^scripts\/(?!bin\/petstore-)|inputs\.json$|\.tmp$/.test(file),
  );
  expect(unwanted).toEqual([]);
});

it(
  'keeps test tooling out of a mock-only install, and within its measured size',
  SLOW,
  async (test) => {
    const installedNames = await readdir(join(installed.mockOnly, 'node_modules'));
    expect(installedNames.filter((name) => TOOLING.includes(name))).toEqual([]);
    const [mockOnly, withContract] = await Promise.all([
      footprint(installed.mockOnly),
      footprint(installed.withContract),
    ]);
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
    test.annotate(
      `mock-only: ${mb(mockOnly.bytes)}, npm ls --all ${mockOnly.lsLines} lines; with the contract suite: ${mb(withContract.bytes)}, ${withContract.lsLines} lines; tarball ${(installed.packed.size / 1024).toFixed(0)} KiB; pack ${installed.seconds.pack} s, installs ${installed.seconds.mockOnly} s and ${installed.seconds.withContract} s`,
    );
    // docs/package.md reports about 63 MiB and 88 lines; these bounds catch a new heavy dependency.
    expect(mockOnly.bytes).toBeLessThan(90 * 1024 * 1024);
    expect(mockOnly.lsLines).toBeLessThan(120);
  },
);

it(
  '(a) imports ./node on plain node and answers through setupServer and the started server',
  SLOW,
  async () => {
    await copyConsumerFiles(installed.mockOnly, ['node-consumer.mjs']);
    const run = await inProject(installed.mockOnly, process.execPath, ['node-consumer.mjs']);
    expect(run.code, run.output).toBe(0);
    const seen = JSON.parse(run.stdout) as {
      title: string;
      inProcess: Record<string, number>;
      standalone: { baseUrl: string; status: number; count: number };
    };
    expect(seen.title).toBe('Pet Store');
    expect(seen.inProcess).toEqual({ created: 201, fetched: 200, afterReset: 404 });
    expect(seen.standalone).toMatchObject({ status: 200, count: 2 });
    expect(seen.standalone.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
  },
);

it('(b) type-checks a consumer of ./node, ./browser and ./spec with tsc', SLOW, async () => {
  await copyConsumerFiles(installed.mockOnly, ['types-consumer.ts']);
  const tsconfig = {
    compilerOptions: {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      lib: ['ES2023', 'DOM'],
      types: [],
      strict: true,
      noEmit: true,
      skipLibCheck: false,
    },
    files: ['types-consumer.ts'],
  };
  await writeFile(join(installed.mockOnly, 'tsconfig.json'), JSON.stringify(tsconfig));
  const run = await inProject(installed.mockOnly, process.execPath, [TSC, '-p', 'tsconfig.json']);
  expect(run.output).toBe('');
  expect(run.code).toBe(0);
});

it('(c) bundles ./browser for the browser with esbuild, with no Node built-in', async () => {
  await copyConsumerFiles(installed.mockOnly, ['browser-app.js']);
  const result = await build({
    absWorkingDir: installed.mockOnly,
    entryPoints: ['browser-app.js'],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const inputs = Object.keys(result.metafile.inputs);
  expect(inputs.filter((input) => /^node:|\(disabled\)/.test(input))).toEqual([]);
  expect(inputs.some((input) => input.includes('node_modules/msw/lib/browser/'))).toBe(true);
  expect(inputs).toContain('node_modules/petstore-mock-contract/dist/lib/browser.js');
});

it(
  "(d) runs both bins' --help through npx, and petstore-contract names its missing peers",
  SLOW,
  async () => {
    const mockHelp = await inProject(installed.mockOnly, 'npx', ['petstore-mock', '--help']);
    expect(mockHelp.code, mockHelp.output).toBe(0);
    expect(mockHelp.stdout).toContain('--data FILE');
    const contractHelp = await inProject(installed.mockOnly, 'npx', [
      'petstore-contract',
      '--help',
    ]);
    expect(contractHelp.code, contractHelp.output).toBe(0);
    expect(contractHelp.stdout).toContain('--base-url URL');
    const withoutSuite = await inProject(installed.mockOnly, 'npx', ['petstore-contract']);
    expect(withoutSuite.code).toBe(2);
    expect(withoutSuite.stderr).toMatch(/npm i -D vitest@\S+ fast-check@\S+/);
  },
);

it(
  '(e) the installed petstore-contract passes the installed petstore-mock on a free port',
  SLOW,
  async () => {
    const port = await freePort();
    mock = await startShippedMock('npx petstore-mock', {
      project: installed.withContract,
      args: ['--port', String(port)],
    });
    expect(mock.origin).toBe(`http://127.0.0.1:${port}`);
    const run = await inProject(installed.withContract, 'npx', [
      'petstore-contract',
      '--base-url',
      mock.baseUrl,
      '--api-key',
      'petstore-dev-key',
      '--runs',
      '5',
      '--junit',
      'reports/contract.xml',
      '--report',
      'reports/new/summary.txt',
    ]);
    expect(run.code, run.output).toBe(0);
    expect(run.stdout).toContain('CONFORMANT: every check passed.');
    // A path on the command line is the consumer's, not a folder inside node_modules; its
    // missing folders are made.
    const junit = await readFile(join(installed.withContract, 'reports/contract.xml'), 'utf8');
    expect(junit).toMatch(/<testsuites[^>]* failures="0"/);
    const summary = await readFile(join(installed.withContract, 'reports/new/summary.txt'), 'utf8');
    expect(summary).toContain('CONFORMANT: every check passed.');
    // A report it could not write is exit 2 before any test, never a pass without the report.
    const unwritable = await inProject(installed.withContract, 'npx', [
      'petstore-contract',
      '--junit',
      'reports/contract.xml/c.xml',
    ]);
    expect(unwritable.code, unwritable.output).toBe(2);
    expect(unwritable.stderr).toContain('a file stands where a folder is needed');
    // The shipped mock lets a page on another origin read a 405's Allow.
    const wrongMethod = await fetch(`${mock.baseUrl}/pets/1`, {
      method: 'POST',
      headers: {
        origin: 'http://localhost:5173',
        authorization: 'Bearer petstore-dev-key',
        'content-type': 'application/json',
      },
      body: '{}',
    });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('access-control-expose-headers')).toContain('Allow');
    await mock.process.stop();
    mock = undefined;
  },
);

it("runs a consumer's vitest with the handlers in its setup file", SLOW, async () => {
  await copyConsumerFiles(installed.withContract, [
    'msw-setup.ts',
    'pets.spec.ts',
    'vitest.config.js',
  ]);
  const run = await inProject(installed.withContract, 'npx', ['vitest', 'run']);
  expect(run.code, run.output).toBe(0);
  expect(run.stdout).toMatch(/2 passed/);
});

it('quotes every consumer file verbatim in docs/package.md', async () => {
  const page = await readFile(join(ROOT, 'docs/package.md'), 'utf8');
  const blocks = page.matchAll(
    /<!-- tests\/package\/consumer\/([\w.-]+) -->\n```\w+\n([\s\S]*?)```/g,
  );
  const quoted = new Map([...blocks].map(([, file, code]) => [file, code]));
  const files = (await readdir(CONSUMER)).sort();
  expect([...quoted.keys()].sort()).toEqual(files);
  for (const file of files) {
    expect(quoted.get(file), file).toBe(await readFile(join(CONSUMER, file), 'utf8'));
  }
});

it('quotes in the README only consumer files, as they are', async () => {
  const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
  const blocks = [
    ...readme.matchAll(/<!-- tests\/package\/consumer\/([\w.-]+) -->\n```\w+\n([\s\S]*?)```/g),
  ];
  expect(blocks.length).toBeGreaterThan(0);
  for (const [, file, code] of blocks) {
    expect(code, file).toBe(await readFile(join(CONSUMER, file as string), 'utf8'));
  }
});
