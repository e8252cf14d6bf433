/**
 * petstore-gate as a CI job installs it (installed.ts installs the tarball alone into an
 * empty project): `npx --no-install petstore-gate` runs its four stages against the
 * installed mock and writes one JUnit report per stage, its help names nothing a user of the
 * tarball lacks, and its tree holds no telemetry install script.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { junitFaults } from '../../gate/junit-check.ts';
import { type Installed, installedPackage } from './installed.ts';
import { footprint, inProject, packingFaults, SLOW } from './projects.ts';
import { ROOT, type ShippedMock, startShippedMock } from './shipped-mock.ts';

let installed: Installed;
let mock: ShippedMock;

beforeAll(async () => {
  installed = await installedPackage();
  mock = await startShippedMock('npx petstore-mock', { project: installed.mock });
}, 600_000);

afterAll(() => mock?.process.stop());

it('ships the command with the spec, the ruleset, the suite and the Dredd hooks', () => {
  const files = installed.packed['petstore-gate'].files.map((file) => file.path);
  expect(
    packingFaults(files, [
      'bin/petstore-gate.js',
      'dist/gate.mjs',
      'dist/src/spec/openapi.yaml',
      'dist/src/spec/openapi.interface.yaml',
      'dist/src/gate/stages/dredd-hooks.cjs',
      'dist/src/contract-tests/vitest.config.ts',
      'README.md',
    ]),
  ).toEqual({ missing: [], unwanted: [] });
});

it('holds no @scarf/scarf, no msw and no Swagger UI in its tree', SLOW, async (test) => {
  const found = await footprint(installed.gate);
  for (const name of ['@scarf/scarf', 'msw', 'swagger-ui-dist'])
    expect(found.names, name).not.toContain(name);
  expect(found.names).toEqual(expect.arrayContaining(['dredd', '@stoplight/prism-cli', 'vitest']));
  test.annotate(
    `petstore-gate: ${found.megabytes} MB, ${found.packages} packages; install ${installed.seconds.gate} s`,
  );
});

it(
  'passes the installed mock with npx --no-install petstore-gate, its published document linted, one valid JUnit report per stage',
  SLOW,
  async () => {
    const run = await inProject(installed.gate, 'npx', [
      '--no-install',
      'petstore-gate',
      ...['--base-url', mock.baseUrl, '--api-key', 'petstore-dev-key'],
      ...[
        '--openapi',
        `${new URL(mock.baseUrl).origin}/openapi.json`,
        '--junit-dir',
        'reports/gate',
      ],
    ]);
    expect(run.code, run.output).toBe(0);
    expect(run.stdout).toMatch(/gate CONFORMANT: 4 passed \(lint, contract, prism, dredd\)/);
    const reports = await readdir(join(installed.gate, 'reports/gate'));
    expect(reports.sort()).toEqual(['contract.xml', 'dredd.xml', 'lint.xml', 'prism.xml']);
    for (const report of reports) {
      const xml = await readFile(join(installed.gate, 'reports/gate', report), 'utf8');
      expect(await junitFaults(xml), report).toEqual([]);
    }
  },
);

it(
  'tells an installed user only what an installed user has: --help and --version',
  SLOW,
  async () => {
    const help = await inProject(installed.gate, 'npx', [
      '--no-install',
      'petstore-gate',
      '--help',
    ]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: npx --no-install petstore-gate --base-url URL');
    expect(help.stdout).not.toMatch(/npm run |gate\/stages|spec\/openapi|docs\/|github\.com|\.cjs/);
    const version = await inProject(installed.gate, 'npx', [
      '--no-install',
      'petstore-gate',
      '--version',
    ]);
    expect(version.stdout.trim()).toMatch(
      /^petstore-gate \d+\.\d+\.\d+ \(Pet Store interface 1\.0\.0\)$/,
    );
  },
);

it('requires --base-url, since the package carries no mock', SLOW, async () => {
  const run = await inProject(installed.gate, 'npx', ['--no-install', 'petstore-gate']);
  expect(run.code).toBe(2);
  expect(run.stderr).toContain('--base-url is required');
});

it('is what the example GitHub workflow installs and runs, with no checkout of this repository', async () => {
  const workflow = await readFile(
    join(ROOT, '.github/workflows/contract-gate.example.yml'),
    'utf8',
  );
  const { version } = JSON.parse(
    await readFile(join(ROOT, 'packages/petstore-gate/package.json'), 'utf8'),
  ) as { version: string };
  expect(workflow).not.toContain('actions/checkout');
  expect(workflow).toContain(`petstore-gate@${version}`);
  expect(workflow).toMatch(
    /npx --no-install petstore-gate --base-url "\$PETSTORE_STAGING_BASE_URL" --junit-dir reports\/gate/,
  );
});
