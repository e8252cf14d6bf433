import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../lib/ports.ts';
import { startMockServer } from '../mocks/testing/local-mock.ts';
import { BROKEN_SERVER_KEY, startBrokenServer } from './broken-server.ts';
import { junitDirFaults } from './junit-check.ts';
import { runTool } from './tools.ts';

// A full gate run takes 40-80 s on two cores; the limit leaves room for a busy CI machine.
const GATE_TIMEOUT = 300_000;
const gate = (args: string[], env: Record<string, string> = {}) =>
  runTool('tsx', ['scripts/gate.ts', ...args], { timeoutMs: GATE_TIMEOUT - 10_000, env });

/** The summary table's line for a stage, e.g. `prism     FAILED   10.1 s  prism proxy ...`. */
const summaryLine = (stdout: string, stage: string) =>
  stdout
    .slice(stdout.lastIndexOf('stage     result'))
    .split('\n')
    .find((line) => line.startsWith(`${stage} `)) ?? '';

/** What a stage printed before the summary. */
const section = (stdout: string, stage: string) => {
  const start = stdout.indexOf(`== ${stage}:`);
  const end = stdout.indexOf('\n== ', start + 1);
  return stdout.slice(start, end === -1 ? stdout.indexOf('Summary for') : end);
};

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gate-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Every JUnit report of the run: present for each stage, and each one valid for CI. */
const expectValidReports = async (junitDir: string) =>
  expect(await junitDirFaults(junitDir)).toEqual({
    'contract.xml': [],
    'dredd.xml': [],
    'lint.xml': [],
    'prism.xml': [],
  });

it(
  'passes all four stages against the mock, its published document included, with a valid JUnit report per stage and the animals it left',
  async () => {
    const mock = await startMockServer({ port: 0, quiet: true });
    const junitDir = join(dir, 'pass');
    const json = join(dir, 'pass.json');
    const markdown = join(dir, 'pass.md');
    try {
      const run = await gate([
        ...['--base-url', mock.baseUrl, '--api-key', mock.apiKeys[0] ?? ''],
        ...['--openapi', `${mock.origin}/openapi.json`, '--junit-dir', junitDir, '--json', json],
        ...['--summary-md', markdown],
      ]);
      expect(run.stderr).not.toMatch(/unexpected failure/);
      for (const stage of ['lint', 'contract', 'prism', 'dredd']) {
        expect(summaryLine(run.stdout, stage)).toMatch(new RegExp(`^${stage} +passed `));
      }
      expect(run.stdout).toMatch(
        /gate CONFORMANT: 4 passed \(lint, contract, prism, dredd\) in .* \(exit 0\)/,
      );
      expect(run.code).toBe(0);
      await expectValidReports(junitDir);
      const result = JSON.parse(await readFile(json, 'utf8'));
      expect(result).toMatchObject({
        verdict: 'CONFORMANT',
        exitCode: 0,
        interface: { version: '1.0.0' },
      });
      expect(result.created.count).toBeGreaterThan(0);
      expect(result.created.ids.length).toBe(result.created.count);
      expect(run.stdout).toContain(`Animals left on the server: ${result.created.count} (ids `);
      expect(await readFile(markdown, 'utf8')).toMatch(
        /^## petstore-gate: CONFORMANT \(exit 0\)\n/,
      );
    } finally {
      await mock.close();
    }
  },
  GATE_TIMEOUT,
);

it(
  'fails the contract, prism and dredd stages of a broken server, printing each finding with its request and curl',
  async () => {
    const server = await startBrokenServer();
    const junitDir = join(dir, 'broken');
    try {
      const run = await gate([
        ...['--base-url', server.baseUrl, '--api-key', BROKEN_SERVER_KEY, '--junit-dir', junitDir],
      ]);
      expect(run.code).toBe(1);
      expect(summaryLine(run.stdout, 'lint')).toMatch(/^lint +skipped +- +off: give --openapi/);
      expect(summaryLine(run.stdout, 'contract')).toMatch(/^contract +FAILED .*finding\(s\)/);
      const contract = section(run.stdout, 'contract');
      expect(contract).toMatch(/create-responses \(interface rule\)/);
      expect(contract).toMatch(/Reproduce \(export PETSTORE_API_KEY first\):\n +curl -i -X POST/);
      const prism = section(run.stdout, 'prism');
      expect(summaryLine(run.stdout, 'prism')).toMatch(/^prism +FAILED /);
      expect(prism).toMatch(/required property 'categoryId'/);
      expect(prism).toMatch(
        /POST \/pets -> 201 .* answered 200: response: Unable to match the returned status code/,
      );
      expect(prism).toMatch(/Request:\n +POST http:\/\/127\.0\.0\.1:\d+\/v1\/pets/);
      const dredd = section(run.stdout, 'dredd');
      expect(summaryLine(run.stdout, 'dredd')).toMatch(/^dredd +FAILED /);
      expect(dredd).toMatch(/Expected status code '201', but got '200'/);
      expect(dredd).toMatch(/Missing required property: categoryId/);
      expect(dredd).toMatch(/curl -i -X POST 'http:\/\/127\.0\.0\.1:\d+\/v1\/pets'/);
      expect(run.stdout).toMatch(
        /gate NOT CONFORMANT: 3 failed \(contract, prism, dredd\), 1 skipped \(lint\) in .* \(exit 1\)/,
      );
      await expectValidReports(junitDir);
      const dreddXml = await readFile(join(junitDir, 'dredd.xml'), 'utf8');
      expect(dreddXml).toMatch(
        /<failure message="POST \/pets -&gt; 201 \(a valid new pet\): statusCode: Expected status code/,
      );
      expect(dreddXml).toMatch(/curl -i -X POST/);
    } finally {
      await server.close();
    }
  },
  GATE_TIMEOUT,
);

it(
  'annotates each finding on GitHub Actions and appends a summary a person can read',
  async () => {
    const server = await startBrokenServer();
    const summaryFile = join(dir, 'step-summary.md');
    await writeFile(summaryFile, '# Earlier step\n');
    try {
      const run = await gate(
        ['--base-url', server.baseUrl, '--api-key', BROKEN_SERVER_KEY, '--skip', 'contract'],
        { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summaryFile },
      );
      expect(run.code).toBe(1);
      const annotations = run.stdout.split('\n').filter((line) => line.startsWith('::error '));
      expect(annotations.length).toBeGreaterThanOrEqual(4);
      expect(annotations[0]).toMatch(
        /^::error file=[^,]*spec\/openapi\.yaml,line=\d+,title=petstore-gate prism::/,
      );
      expect(annotations.join('\n')).toMatch(
        /%0AReproduce \(export PETSTORE_API_KEY first\):%0Acurl -i -X/,
      );
      const summary = await readFile(summaryFile, 'utf8');
      expect(summary).toMatch(/^# Earlier step\n## petstore-gate: NOT CONFORMANT \(exit 1\)$/m);
      expect(summary).toMatch(/^\| prism \| FAILED \| [\d.]+ s \| /m);
      expect(summary).toMatch(/^\| contract \| skipped \| - \| skipped by --skip contract \|$/m);
      expect(summary).toMatch(/### Findings \(\d+\)/);
      expect(summary).toMatch(/```sh\ncurl -i -X POST 'http:\/\/127\.0\.0\.1:\d+\/v1\/pets'/);
      expect(summary).toMatch(/### Left out\n\n- \*\*lint\*\* stage: off/);
      expect(summary).toMatch(/### Animals left on the server\n\n\d+: prism /);
    } finally {
      await server.close();
    }
  },
  GATE_TIMEOUT,
);

it('exits 2 and names the server when nothing answers at --base-url', async () => {
  const port = await freePort();
  const run = await gate(['--base-url', `http://127.0.0.1:${port}/v1`, '--api-key', 'k']);
  expect(run.code).toBe(2);
  expect(run.stderr).toMatch(new RegExp(`no verdict: .*127\\.0\\.0\\.1:${port}/v1 is unreachable`));
});

it('has no verdict (exit 2), never a failure, when every stage is skipped', async () => {
  const mock = await startMockServer({ port: 0, quiet: true });
  try {
    const run = await gate([
      ...[
        '--base-url',
        mock.baseUrl,
        '--api-key',
        mock.apiKeys[0] ?? '',
        '--skip',
        'contract,prism,dredd',
      ],
    ]);
    expect(run.code).toBe(2);
    expect(run.stdout).toMatch(
      /gate NO VERDICT: 4 skipped .* \(exit 2\)\n {2}no stage ran, so nothing was tested/,
    );
    expect(run.stdout).not.toMatch(/FAILED/);
  } finally {
    await mock.close();
  }
});

it('refuses a --junit-dir it cannot write at once: under a file, or where no folder can be made', async () => {
  const file = join(dir, 'a-file');
  await writeFile(file, '');
  for (const [junitDir, why] of [
    [join(file, 'reports'), 'a file stands where a folder is needed'],
    ['/proc/nope', 'no folder can be made there'],
  ]) {
    const run = await gate([
      '--base-url',
      'http://127.0.0.1:1/v1',
      '--api-key',
      'k',
      '--junit-dir',
      junitDir ?? '',
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`--junit-dir ${junitDir}: cannot write into`);
    expect(run.stderr).toContain(why);
    expect(run.stderr).not.toMatch(/unreachable|at .*\.ts:\d+/);
  }
});

it('exits 2 for a usage error, and 0 for --help and --version', async () => {
  const bad = await gate(['--skip', 'speed']);
  expect(bad.code).toBe(2);
  expect(bad.stderr).toMatch(/--skip takes lint, contract, prism, dredd; got "speed"/);
  const help = await gate(['--help']);
  expect(help.code).toBe(0);
  expect(help.stdout).toMatch(/--junit-dir DIR/);
  const version = await gate(['--version']);
  expect(version.code).toBe(0);
  expect(version.stdout.trim()).toBe('petstore-gate 0.1.0 (Pet Store interface 1.0.0)');
});
