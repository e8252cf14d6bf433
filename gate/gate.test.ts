import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../lib/ports.ts';
import { BROKEN_SERVER_KEY, startBrokenServer } from './broken-server.ts';
import { runTool } from './tools.ts';

// A full gate run takes 40-80 s on two cores; the limit leaves room for a busy CI machine.
const GATE_TIMEOUT = 300_000;
const gate = (args: string[]) =>
  runTool('tsx', ['scripts/gate.ts', ...args], { timeoutMs: GATE_TIMEOUT - 10_000 });

/** The summary table's line for a stage, e.g. `prism     FAILED   10.1 s  prism proxy ...`. */
const summaryLine = (stdout: string, stage: string) =>
  stdout
    .slice(stdout.lastIndexOf('stage     result'))
    .split('\n')
    .find((line) => line.startsWith(`${stage} `)) ?? '';

/** The findings a stage printed before the summary. */
const section = (stdout: string, stage: string) => {
  const start = stdout.indexOf(`== ${stage}:`);
  const end = stdout.indexOf('\n== ', start + 1);
  return stdout.slice(start, end === -1 ? stdout.indexOf('Summary for') : end);
};

let junitDir = '';
beforeAll(async () => {
  junitDir = await mkdtemp(join(tmpdir(), 'gate-test-junit-'));
});
afterAll(async () => {
  await rm(junitDir, { recursive: true, force: true });
});

it(
  'passes all four stages against the project mock and writes a JUnit report per stage',
  async () => {
    const run = await gate(['--junit-dir', junitDir]);
    expect(run.stderr).not.toMatch(/unexpected failure/);
    for (const stage of ['lint', 'contract', 'prism', 'dredd']) {
      expect(summaryLine(run.stdout, stage)).toMatch(new RegExp(`^${stage} +passed `));
    }
    expect(run.stdout).toMatch(/gate PASSED: 4 passed \(lint, contract, prism, dredd\) in /);
    expect(section(run.stdout, 'prism')).toMatch(/, 0 with response violations,/);
    expect(section(run.stdout, 'dredd')).toMatch(
      /24 transactions: 24 passed, 0 failed, 0 errors, 0 skipped/,
    );
    expect(run.code).toBe(0);
    expect((await readdir(junitDir)).sort()).toEqual([
      'contract.xml',
      'dredd.xml',
      'lint.xml',
      'prism.xml',
    ]);
    expect(await readFile(join(junitDir, 'prism.xml'), 'utf8')).toMatch(/<testcase /);
  },
  GATE_TIMEOUT,
);

it(
  'fails the contract, prism and dredd stages against a server with a schema violation and a wrong status',
  async () => {
    const server = await startBrokenServer();
    try {
      const run = await gate([
        '--base-url',
        server.baseUrl,
        '--api-key',
        BROKEN_SERVER_KEY,
        '--skip',
        'lint',
      ]);
      expect(run.code).toBe(1);
      expect(summaryLine(run.stdout, 'lint')).toMatch(/^lint +skipped /);
      expect(summaryLine(run.stdout, 'contract')).toMatch(/^contract +FAILED .*check\(s\) failed/);
      const prism = section(run.stdout, 'prism');
      expect(summaryLine(run.stdout, 'prism')).toMatch(/^prism +FAILED /);
      expect(prism).toMatch(/response\.body.*required property 'categoryId'/);
      expect(prism).toMatch(
        /POST \/pets -> 201 .* answered 200: response: Unable to match the returned status code/,
      );
      const dredd = section(run.stdout, 'dredd');
      expect(summaryLine(run.stdout, 'dredd')).toMatch(/^dredd +FAILED /);
      expect(dredd).toMatch(/Expected status code '201', but got '200'/);
      expect(dredd).toMatch(/Missing required property: categoryId/);
      expect(run.stdout).toMatch(
        /gate FAILED: 3 failed \(contract, prism, dredd\), 1 skipped \(lint\)/,
      );
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
  expect(run.stderr).toMatch(new RegExp(`127\\.0\\.0\\.1:${port}/v1 is unreachable`));
});

it('exits 2 for a usage error and 0 for --help', async () => {
  const bad = await gate(['--skip', 'speed']);
  expect(bad.code).toBe(2);
  expect(bad.stderr).toMatch(/--skip takes lint, contract, prism, dredd; got "speed"/);
  const help = await gate(['--help']);
  expect(help.code).toBe(0);
  expect(help.stdout).toMatch(/--junit-dir DIR/);
});
