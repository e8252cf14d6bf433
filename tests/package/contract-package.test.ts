/**
 * petstore-contract as a backend team installs it (installed.ts installs the tarball alone
 * into an empty project): the command passes the installed petstore-mock right after the
 * install, runContract runs in-process on plain node, its types check, and its tree holds
 * no mock, no Swagger UI and no telemetry.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Installed, installedPackage, installedVersion } from './installed.ts';
import {
  copyConsumerFiles,
  footprint,
  inProject,
  packingFaults,
  SLOW,
  typeCheck,
} from './projects.ts';
import { type ShippedMock, startShippedMock } from './shipped-mock.ts';

let installed: Installed;
let mock: ShippedMock;

beforeAll(async () => {
  installed = await installedPackage();
  // The server under test: the installed petstore-mock, from the frontend's project.
  mock = await startShippedMock('npx petstore-mock', { project: installed.mock });
}, 600_000);

afterAll(() => mock?.process.stop());

it('ships the command, runContract with its types and the suite, and no tests', () => {
  const files = installed.packed['petstore-contract'].files.map((file) => file.path);
  expect(
    packingFaults(files, [
      'bin/petstore-contract.js',
      'dist/contract.mjs',
      'dist/index.mjs',
      'dist/types/contract-tests/index.d.ts',
      'dist/src/contract-tests/vitest.config.ts',
      'dist/src/contract-tests/suite/createPet.contract.ts',
      'dist/src/spec/document.gen.ts',
      'README.md',
      'docs/contract.md',
    ]),
  ).toEqual({ missing: [], unwanted: [] });
  expect(files.filter((file) => /mocks\/|landing|swagger/.test(file))).toEqual([]);
});

it('holds no msw, @msw/data, Swagger UI or telemetry script in its tree', SLOW, async (test) => {
  const found = await footprint(installed.contract);
  for (const name of ['msw', '@msw/data', 'swagger-ui-dist', '@scarf/scarf'])
    expect(found.names, name).not.toContain(name);
  expect(found.names).toEqual(expect.arrayContaining(['vitest', 'fast-check']));
  test.annotate(
    `petstore-contract: ${found.megabytes} MB, ${found.packages} packages; install ${installed.seconds.contract} s`,
  );
  expect(found.megabytes).toBeLessThan(120);
});

it(
  'passes the installed mock with npx petstore-contract right after npm i, writing its reports',
  SLOW,
  async () => {
    const run = await inProject(installed.contract, 'npx', [
      'petstore-contract',
      '--base-url',
      mock.baseUrl,
      '--api-key',
      'petstore-dev-key',
      '--junit',
      'reports/contract.xml',
      '--report',
      'reports/new/summary.txt',
    ]);
    expect(run.code, run.output).toBe(0);
    expect(run.stdout).toContain('CONFORMANT: every check passed.');
    // A path on the command line is the consumer's, not a folder inside node_modules.
    const junit = await readFile(join(installed.contract, 'reports/contract.xml'), 'utf8');
    expect(junit).toMatch(/<testsuites[^>]* failures="0"/);
    const summary = await readFile(join(installed.contract, 'reports/new/summary.txt'), 'utf8');
    expect(summary).toContain('CONFORMANT: every check passed.');
  },
);

it(
  'reads a YAML profile, bounds its creations and writes the JSON result, installed',
  SLOW,
  async () => {
    const args = ['petstore-contract', '--base-url', mock.baseUrl, '--api-key', 'petstore-dev-key'];
    // The starting file, read off the installed mock with GET requests, is the profile used.
    const printed = await inProject(installed.contract, 'npx', [...args, '--print-profile']);
    expect(printed.code, printed.output).toBe(0);
    expect(printed.stdout).toMatch(/^pagination: "link"/m);
    await writeFile(join(installed.contract, 'profile.yaml'), printed.stdout);
    const run = await inProject(installed.contract, 'npx', [
      ...args,
      '--profile',
      'profile.yaml',
      '--max-creates',
      '30',
      '--depth',
      'quick',
      '--json',
      'reports/result.json',
    ]);
    expect(run.code, run.output).toBe(0);
    expect(run.stdout).toContain('Declared choices checked: pagination "link"');
    expect(run.stdout).toMatch(/CONFORMANT as far as tested: .* checks needed more creations/);
    const result = JSON.parse(
      await readFile(join(installed.contract, 'reports/result.json'), 'utf8'),
    ) as { verdict: string; run: { profile: object }; created: { count: number; ids: string[] } };
    expect(result.verdict).toBe('passed');
    expect(result.run.profile).toMatchObject({ pagination: 'link', order: 'id-asc' });
    expect(result.created.count).toBeGreaterThan(0);
    expect(result.created.count).toBeLessThanOrEqual(30);
    expect(result.created.ids).toHaveLength(result.created.count);
  },
);

it(
  'names in a finding a spec file and a replay an installed user has, and so does --help',
  SLOW,
  async () => {
    await writeFile(join(installed.contract, 'sold.json'), '{"defaultStatus":"sold"}');
    const run = await inProject(installed.contract, 'npx', [
      'petstore-contract',
      '--base-url',
      mock.baseUrl,
      '--api-key',
      'petstore-dev-key',
      '--profile',
      'sold.json',
      '--depth',
      'quick',
    ]);
    expect(run.code, run.output).toBe(1);
    const place = /^ {3}Spec: (\S+)#\//m.exec(run.stdout)?.[1];
    expect(place).toBe('node_modules/petstore-contract/dist/src/spec/openapi.yaml');
    await expect(readFile(join(installed.contract, place as string), 'utf8')).resolves.toContain(
      'x-rules',
    );
    expect(run.stdout).toMatch(/^Replay exactly .*: npx petstore-contract --base-url /m);
    expect(run.stdout).not.toMatch(/npm run contract|Spec: spec\/|docs\//);
    const help = await inProject(installed.contract, 'npx', ['petstore-contract', '--help']);
    // The guide --help names is the one the package ships.
    const guide = 'node_modules/petstore-contract/docs/contract.md';
    expect(help.stdout).toContain(`${guide} explains the report`);
    await expect(readFile(join(installed.contract, guide), 'utf8')).resolves.toContain(
      '# The contract suite',
    );
    expect(help.stdout).toContain('(node_modules/petstore-contract/dist/src/spec/openapi.yaml)');
    expect(help.stdout).not.toMatch(/(?<!petstore-contract\/)docs\/|npm run/);
  },
);

it('requires --base-url, since the package carries no mock, and says so', SLOW, async () => {
  const run = await inProject(installed.contract, 'npx', ['petstore-contract']);
  expect(run.code).toBe(2);
  expect(run.stderr).toContain('--base-url is required');
  const help = await inProject(installed.contract, 'npx', ['petstore-contract', '--help']);
  expect(help.code, help.output).toBe(0);
  expect(help.stdout).toContain('npx petstore-contract --base-url URL --api-key KEY');
});

it('runs runContract in-process from the installed package on plain node', SLOW, async () => {
  await copyConsumerFiles(installed.contract, ['contract-consumer.mjs']);
  const run = await inProject(installed.contract, process.execPath, [
    'contract-consumer.mjs',
    mock.baseUrl,
    'petstore-dev-key',
  ]);
  expect(run.code, run.output).toBe(0);
  const seen = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '') as Record<string, unknown>;
  expect(seen).toMatchObject({ verdict: 'passed', failed: 0 });
  expect(seen.tests).toBeGreaterThan(100);
});

it('type-checks a consumer of runContract with tsc, on Node types', SLOW, async () => {
  // A backend on Node has Node's types; the options name Node's streams and fetch.
  const types = `@types/node@${await installedVersion('@types/node')}`;
  await inProject(installed.contract, 'npm', ['i', '-D', '--prefer-offline', '--no-audit', types]);
  const run = await typeCheck(installed.contract, 'contract-types.ts', {
    lib: ['ES2023'],
    types: ['node'],
  });
  expect(run.output).toBe('');
  expect(run.code).toBe(0);
});
