/**
 * petstore-mock as a frontend team installs it (installed.ts packs it and installs the
 * tarball beside msw into an empty project): plain node imports ./node, tsc type-checks
 * ./node, ./browser and ./spec, esbuild bundles ./browser for the browser, the team's own
 * vitest uses the handlers, and the installed bin runs.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';
import { beforeAll, expect, it } from 'vitest';
import { type Installed, installedPackage } from './installed.ts';
import {
  CONSUMER,
  copyConsumerFiles,
  footprint,
  inProject,
  packingFaults,
  SLOW,
  typeCheck,
} from './projects.ts';
import { ROOT } from './shipped-mock.ts';

// Test tooling, servers and renderers a project that only mocks should not get. (`yaml` is a
// dependency: PUT /__mock/profile and loadProfile read the profile file as it is written.)
const UNWANTED = ['vitest', 'fast-check', 'tsx', 'esbuild', 'typescript', 'vite'];

let installed: Installed;

beforeAll(async () => {
  installed = await installedPackage();
}, 600_000);

it('ships the built entries, their types, the bin, the spec, the page assets and the examples, and no tests of its own', () => {
  const files = installed.packed['petstore-mock'].files.map((file) => file.path);
  expect(
    packingFaults(files, [
      'dist/node.mjs',
      'dist/browser.mjs',
      'dist/spec.mjs',
      'dist/mock.mjs',
      'dist/types/mocks/node/index.d.ts',
      'dist/types/mocks/browser/index.d.ts',
      'dist/types/spec/index.d.ts',
      'bin/petstore-mock.js',
      'dist/src/mocks/node/console/assets/console.js',
      'dist/src/mocks/node/landing/assets/swagger-ui/swagger-ui-bundle.js',
      'dist/src/mocks/node/landing/assets/swagger-ui/LICENSE',
      'spec/openapi.yaml',
      'spec/openapi.interface.yaml',
      'README.md',
      // The examples docs/testing.md shows: the sample app with its Playwright suite, the recipes.
      'examples/sample-app/playwright.config.ts',
      'examples/sample-app/e2e/pets.spec.ts',
      'examples/sample-app/src/main.js',
      'examples/sample-app/index.html',
      'examples/vitest-recipes/journal.test.ts',
    ]),
  ).toEqual({ missing: [], unwanted: [] });
  expect(files.filter((file) => file.includes('contract-tests/'))).toEqual([]);
});

it(
  'keeps test tooling, telemetry and the contract suite out of its tree, within its measured size',
  SLOW,
  async (test) => {
    const found = await footprint(installed.mock);
    expect(found.names.filter((name) => UNWANTED.includes(name))).toEqual([]);
    expect(found.names).not.toContain('@scarf/scarf');
    expect(found.names).not.toContain('swagger-ui-dist');
    test.annotate(
      `petstore-mock + msw: ${found.megabytes} MB, ${found.packages} packages; tarball ${(installed.packed['petstore-mock'].size / 1024).toFixed(0)} KiB; pack ${installed.seconds.pack} s, install ${installed.seconds.mock} s`,
    );
    // docs/package.md reports about 50 MB; this bound catches a new heavy dependency.
    expect(found.megabytes).toBeLessThan(70);
  },
);

it(
  '(a) imports ./node on plain node and answers through setupServer and the started server',
  SLOW,
  async () => {
    await copyConsumerFiles(installed.mock, ['node-consumer.mjs']);
    const run = await inProject(installed.mock, process.execPath, ['node-consumer.mjs']);
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
  const run = await typeCheck(installed.mock, 'types-consumer.ts', { lib: ['ES2023', 'DOM'] });
  expect(run.output).toBe('');
  expect(run.code).toBe(0);
});

it('(c) bundles ./browser for the browser with esbuild, with no Node built-in', async () => {
  await copyConsumerFiles(installed.mock, ['browser-app.js']);
  const result = await build({
    absWorkingDir: installed.mock,
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
  expect(inputs).toContain('node_modules/petstore-mock/dist/browser.mjs');
});

it('(d) runs the installed petstore-mock through npx, with --help', SLOW, async () => {
  const help = await inProject(installed.mock, 'npx', ['petstore-mock', '--help']);
  expect(help.code, help.output).toBe(0);
  expect(help.stdout).toContain('--data FILE');
});

it(
  "runs a consumer's vitest with the handlers in its setup file, each test isolated",
  SLOW,
  async () => {
    await copyConsumerFiles(installed.mockWithVitest, [
      'msw-setup.ts',
      'pets.spec.ts',
      'vitest.config.js',
    ]);
    const run = await inProject(installed.mockWithVitest, 'npx', ['vitest', 'run']);
    expect(run.code, run.output).toBe(0);
    expect(run.stdout).toMatch(/4 passed/);
  },
);

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
