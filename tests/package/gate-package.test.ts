/**
 * petstore-gate as a CI job installs it (installed.ts installs the tarball alone into an
 * empty project): `npx --no-install petstore-gate` runs its four stages against the
 * installed mock and writes one JUnit report per stage, runs an app's tests through its proxy
 * with --e2e (the traffic stage), says a failing e2e command and a server that is down, its
 * help names nothing a user of the tarball lacks, and its tree holds no telemetry install
 * script.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parse } from 'yaml';
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

// An app's end-to-end tests in miniature: its lists, a creation and a read, in two sessions,
// sent where petstore-gate --e2e says (PETSTORE_BASE_URL, with PETSTORE_API_KEY).
const APP = `
const base = process.env.PETSTORE_BASE_URL;
for (const session of ['checkout', 'catalogue']) {
  const headers = { authorization: 'Bearer ' + process.env.PETSTORE_API_KEY, 'x-mock-session': session };
  await (await fetch(base + '/pets?limit=5', { headers })).text();
  const created = await fetch(base + '/pets', { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'From the app', categoryId: 1 }) });
  const { id } = await created.json();
  await (await fetch(base + '/pets/' + id, { headers })).text();
}
console.log('2 passed');
`;

it(
  "runs the traffic stage from the tarball: the app's tests through the proxy, judged, with their coverage",
  SLOW,
  async () => {
    await writeFile(join(installed.gate, 'app-e2e.mjs'), APP);
    const run = await inProject(installed.gate, 'npx', [
      '--no-install',
      'petstore-gate',
      ...['--base-url', mock.baseUrl, '--api-key', 'petstore-dev-key'],
      ...['--skip', 'contract,prism,dredd', '--e2e', 'node app-e2e.mjs'],
      ...['--junit-dir', 'reports/traffic', '--json', 'reports/traffic.json'],
    ]);
    expect(run.code, run.output).toBe(0);
    expect(run.stdout).toMatch(/== traffic: passed/);
    expect(run.stdout).toMatch(
      /6 exchange\(s\) in 2 session\(s\); 0 departure\(s\) of the backend, 0 of the app; coverage 3 of 8 documented responses \(38 %\)/,
    );
    expect(run.stdout).toMatch(/gate CONFORMANT as far as tested: 1 passed \(traffic\)/);
    const xml = await readFile(join(installed.gate, 'reports/traffic/traffic.xml'), 'utf8');
    expect(await junitFaults(xml)).toEqual([]);
    const json = JSON.parse(await readFile(join(installed.gate, 'reports/traffic.json'), 'utf8'));
    expect(json.stages.at(-1)).toMatchObject({ stage: 'traffic', coverage: { met: 3 } });
  },
);

it(
  'says an e2e command that failed, and a server that is down, each with no verdict (exit 2)',
  SLOW,
  async () => {
    const failing = await inProject(installed.gate, 'npx', [
      '--no-install',
      'petstore-gate',
      ...['--base-url', mock.baseUrl, '--api-key', 'petstore-dev-key'],
      ...['--skip', 'contract,prism,dredd'],
      ...['--e2e', "echo 'Error: browserType.launch: Executable does not exist' && exit 4"],
    ]);
    expect(failing.code, failing.output).toBe(2);
    expect(failing.stdout).toMatch(
      /failed \(exit 4\) after [\d.]+ s and sent no request through the proxy/,
    );
    expect(failing.stdout).toContain('| Error: browserType.launch: Executable does not exist');
    const down = await inProject(installed.gate, 'npx', [
      '--no-install',
      'petstore-gate',
      ...['--base-url', 'http://127.0.0.1:9/v1', '--api-key', 'k'],
      ...['--e2e', 'node app-e2e.mjs'],
    ]);
    expect(down.code, down.output).toBe(2);
    expect(down.stderr).toMatch(
      /no verdict: cannot reach http:\/\/127\.0\.0\.1:9\/v1 \(ECONNREFUSED\)/,
    );
  },
);

it('requires --base-url: the package checks a server it is given', SLOW, async () => {
  const run = await inProject(installed.gate, 'npx', ['--no-install', 'petstore-gate']);
  expect(run.code).toBe(2);
  expect(run.stderr).toContain('--base-url is required');
});

it('is what the example GitHub workflow installs and runs, with no checkout of this repository, and its e2e job the traffic stage', async () => {
  const workflow = await readFile(
    join(ROOT, '.github/workflows/contract-gate.example.yml'),
    'utf8',
  );
  const { version } = JSON.parse(
    await readFile(join(ROOT, 'packages/petstore-gate/package.json'), 'utf8'),
  ) as { version: string };
  const { jobs } = parse(workflow) as {
    jobs: Record<string, { steps: { uses?: string; run?: string }[] }>;
  };
  const uses = (job: string) => jobs[job]?.steps.flatMap((step) => step.uses ?? []) ?? [];
  const runs = (job: string) => jobs[job]?.steps.flatMap((step) => step.run ?? []).join('\n') ?? '';
  // The gate needs nothing of a checkout; the e2e job checks out the app it copied itself into.
  expect(uses('gate')).not.toContain('actions/checkout@v4');
  expect(runs('gate')).toContain(`petstore-gate@${version}`);
  expect(runs('gate')).toMatch(
    /npx --no-install petstore-gate --base-url "\$PETSTORE_STAGING_BASE_URL" --junit-dir reports\/gate/,
  );
  expect(uses('e2e')).toContain('actions/checkout@v4');
  expect(runs('e2e')).toContain(`petstore-gate@${version}`);
  expect(runs('e2e')).toMatch(
    /npx --no-install petstore-gate --base-url "\$PETSTORE_STAGING_BASE_URL" --skip contract,prism,dredd --e2e "npx playwright test"/,
  );
});
