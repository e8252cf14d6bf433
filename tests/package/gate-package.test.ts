/**
 * petstore-gate as a CI job installs it (installed.ts installs the tarball alone into an
 * empty project): `npx petstore-gate` runs its four stages against the installed mock and
 * writes one JUnit report per stage, and its tree holds no telemetry install script.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
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
      'dist/src/.spectral.yaml',
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
  'passes the installed mock with npx petstore-gate, one JUnit report per stage',
  SLOW,
  async () => {
    const run = await inProject(installed.gate, 'npx', [
      'petstore-gate',
      '--base-url',
      mock.baseUrl,
      '--api-key',
      'petstore-dev-key',
      '--junit-dir',
      'reports/gate',
    ]);
    expect(run.code, run.output).toBe(0);
    expect(run.stdout).toMatch(/gate PASSED: 4 passed \(lint, contract, prism, dredd\)/);
    const reports = await readdir(join(installed.gate, 'reports/gate'));
    expect(reports.sort()).toEqual(['contract.xml', 'dredd.xml', 'lint.xml', 'prism.xml']);
  },
);

it('requires --base-url, since the package carries no mock', SLOW, async () => {
  const run = await inProject(installed.gate, 'npx', ['petstore-gate']);
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
    /npx petstore-gate --base-url "\$PETSTORE_STAGING_BASE_URL" --junit-dir reports\/gate/,
  );
});
