/**
 * Consumer contracts as users run them, from the packed tarballs installed into an empty
 * project (tests/package/installed.ts packs them): a sample app's Playwright run against the
 * installed petstore-mock writes pacts/pet-app-petstore.json; Pact's own Verifier passes it
 * against the mock; the installed petstore-contract --pact passes it against an independent
 * server whose other gap choices differ, and fails one that lists newest first or stores no
 * default status, naming the interaction. The vitest and pact-msw-adapter recipes run there too.
 */
import { cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, expect, inject, it } from 'vitest';
import { freePort } from '../../lib/ports.ts';
import { runProcess } from '../../lib/run-process.ts';
import { REFERENCE_KEY, startReferenceServer } from '../contract-power/reference-server.ts';
import type { Variant } from '../contract-power/variants.ts';
import { installDev, installedPackage, installedVersion } from '../package/installed.ts';
import { startShippedMock, userEnv } from '../package/shipped-mock.ts';

const APP = fileURLToPath(new URL('./app/', import.meta.url));
const SLOW = { timeout: 600_000 };
let project: string;
let mockOnly: string;

/** The frontend's project: both tarballs, msw, vitest, Playwright and Pact, as a team installs them. */
beforeAll(async () => {
  const installed = await installedPackage();
  mockOnly = installed.mock;
  project = join(inject('packageWorkDir'), 'pact-app');
  await mkdir(project);
  const manifest = { name: 'pet-app', version: '1.0.0', private: true, type: 'module' };
  await writeFile(join(project, 'package.json'), JSON.stringify(manifest));
  const version = async (name: string) => `${name}@${await installedVersion(name)}`;
  await installDev(project, [
    installed.packed['petstore-mock'].tarball,
    installed.packed['petstore-contract'].tarball,
    ...(await Promise.all(
      [
        'msw',
        'vitest',
        '@playwright/test',
        '@pact-foundation/pact',
        '@pactflow/pact-msw-adapter',
      ].map(version),
    )),
  ]);
  for (const file of await readdir(APP)) await cp(join(APP, file), join(project, file));
}, 900_000);

const env = { PACT_DO_NOT_TRACK: 'true', CI: '1' };

it('ships nothing of Pact in petstore-mock: the pact is JSON it writes itself', async () => {
  const manifest = await readFile(
    join(mockOnly, 'node_modules/petstore-mock/package.json'),
    'utf8',
  );
  expect(manifest).not.toMatch(/pact/i);
  expect(await readdir(join(mockOnly, 'node_modules'))).not.toContain('@pact-foundation');
});

/** Runs a command in the project as its team types it. */
const inProject = (
  dir: string,
  command: string,
  args: string[],
  timeoutMs: number,
  extra: Record<string, string> = {},
) => runProcess(command, args, { cwd: dir, baseEnv: userEnv(), env: extra, timeoutMs });
const pactFile = () => join(project, 'pacts/pet-app-petstore.json');

it("writes the app's pact from a Playwright run against the installed mock", SLOW, async () => {
  const ports = { MOCK_PORT: String(await freePort()), APP_PORT: String(await freePort()) };
  const run = await inProject(project, 'npx', ['playwright', 'test'], 300_000, {
    ...env,
    ...ports,
  });
  expect(run.code, run.output).toBe(0);
  expect(run.output).toMatch(/2 passed/);
  const pact = JSON.parse(await readFile(pactFile(), 'utf8'));
  expect(pact.interactions.map((i: { description: string }) => i.description)).toEqual([
    'listPets: GET /v1/pets?limit=100&status=available, answered 200',
    'createPet: POST /v1/pets with {categoryId, name}, answered 201',
    'getPet: GET /v1/pets/{petId}, answered 200',
  ]);
  expect(pact.metadata.petstore.profile).toEqual({ order: 'id-asc', defaultStatus: 'available' });
});

it("passes Pact's Verifier against the installed mock", SLOW, async () => {
  const mock = await startShippedMock('npx petstore-mock', {
    project,
    args: ['--port', '0', '--quiet'],
  });
  try {
    const run = await inProject(project, 'node', ['verify-pact.mjs', mock.origin], 180_000, env);
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain('getPet: GET /v1/pets/{petId}, answered 200');
    expect(run.output).not.toMatch(/FAILED|Failures:/);
  } finally {
    await mock.process.stop();
  }
});

/** The installed petstore-contract with the pact against the reference server as `variant`. */
async function contractAgainst(variant: Variant) {
  const server = await startReferenceServer({ variant });
  try {
    return await inProject(
      project,
      'npx',
      [
        'petstore-contract',
        '--base-url',
        server.baseUrl,
        '--pact',
        'pacts/pet-app-petstore.json',
        '--depth',
        'quick',
      ],
      300_000,
      { PETSTORE_API_KEY: REFERENCE_KEY },
    );
  } finally {
    await server.close();
  }
}

it(
  'passes petstore-contract --pact against a server whose other gap choices differ',
  SLOW,
  async () => {
    const run = await contractAgainst({
      codeStyle: 'upper',
      clampLimit: true,
      maxNameLength: 50,
      preload: 30,
    });
    expect(run.code, run.output).toBe(0);
    expect(run.stdout).toContain(
      'Consumer contract pet-app -> petstore: 3 interaction(s), 3 passed, 0 failed, 0 skipped.',
    );
    expect(run.stdout).toContain(
      'As a profile (petstore-contract --profile, petstore-mock --profile): {"order":"id-asc","defaultStatus":"available"}',
    );
  },
);

it(
  'fails petstore-contract --pact against a server listing newest first, naming the interaction',
  SLOW,
  async () => {
    const run = await contractAgainst({ newestFirst: true, preload: 30 });
    expect(run.code, run.output).toBe(1);
    expect(run.stdout).toContain('pact-gap (declared choice)');
    expect(run.stdout).toContain(
      'Interaction: "listPets: GET /v1/pets?limit=100&status=available, answered 200"',
    );
    expect(run.stdout).toContain(
      'Seen: Relied on a gap choice (order id-asc) the server fills otherwise',
    );
    expect(run.stdout).toMatch(/curl -i -X GET '.*\/v1\/pets\?status=available&limit=100'/);
  },
);

it(
  'fails petstore-contract --pact against a server with another default status, naming the interaction',
  SLOW,
  async () => {
    const run = await contractAgainst({ defaultStatus: 'pending' });
    expect(run.code, run.output).toBe(1);
    expect(run.stdout).toContain(
      'Interaction: "createPet: POST /v1/pets with {categoryId, name}, answered 201"',
    );
    expect(run.stdout).toContain('Received: status "pending"');
  },
);

it('adds the requests of every test file to one pact with the vitest recipe', SLOW, async () => {
  const run = await inProject(project, 'npx', ['vitest', 'run'], 180_000, env);
  expect(run.code, run.output).toBe(0);
  const pact = JSON.parse(
    await readFile(join(project, 'pacts/pet-app-unit-petstore.json'), 'utf8'),
  );
  expect(pact.interactions.map((i: { description: string }) => i.description).sort()).toEqual([
    'createPet: POST /v1/pets with {categoryId, name, status}, answered 201',
    'getPet: GET /v1/pets/{petId}, answered 200',
    'listPets: GET /v1/pets?limit=5&status=sold, answered 200',
  ]);
});

it('records the handlers as a pact with @pactflow/pact-msw-adapter', SLOW, async () => {
  const run = await inProject(
    project,
    'npx',
    ['vitest', 'run', '-c', 'vitest.adapter.config.js'],
    180_000,
    env,
  );
  expect(run.code, run.output).toBe(0);
  const pact = JSON.parse(await readFile(join(project, 'pacts/pet-app-msw-petstore.json'), 'utf8'));
  expect(pact.interactions).toMatchObject([
    { request: { method: 'GET', path: '/v1/pets', query: 'limit=2' }, response: { status: 200 } },
  ]);
  expect(JSON.stringify(pact)).not.toContain('petstore-dev-key');
});
