/**
 * The gate against a conforming server (the project's mock) behind a front that fails it as
 * production servers fail: killed, restarted, hung, throttled or overloaded in the middle of
 * a stage. Each ends in no verdict (exit 2), never a finding, with every stage's JUnit report
 * valid; a server that sheds load for a moment, or takes only N connections at --concurrency
 * N, passes. Most leave the contract stage out (its own outages: tests/contract-power/outages.test.ts).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { type FaultFront, type FrontMode, startFaultFront } from '../lib/fault-front.ts';
import { startMockServer } from '../mocks/testing/local-mock.ts';
import { junitDirFaults } from './junit-check.ts';
import { type GateOptions, runGate } from './run-gate.ts';
import { formatSummary } from './summary.ts';
import { gateVerdict } from './verdict.ts';

const SLOW = { timeout: 240_000 };
let mock: Awaited<ReturnType<typeof startMockServer>>;
let front: FaultFront;
let junitDir: string;

beforeEach(async () => {
  mock = await startMockServer({ port: 0, quiet: true });
  junitDir = await mkdtemp(join(tmpdir(), 'gate-faults-'));
});
afterEach(async () => {
  await front?.close();
  await mock.close();
  await rm(junitDir, { recursive: true, force: true });
});

/** Runs prism and dredd through a front on the mock, failing it as `fault` says. */
async function gateWith(
  fault?: { mode: FrontMode; after: number },
  {
    limitConcurrency,
    onStart,
    ...options
  }: Partial<GateOptions> & {
    limitConcurrency?: number;
    onStart?: (front: FaultFront) => void;
  } = {},
) {
  front = await startFaultFront(mock.origin, { limitConcurrency });
  if (fault) front.set(fault.mode, fault.after);
  onStart?.(front);
  const report = await runGate({
    server: { baseUrl: `${front.origin}/v1`, apiKey: mock.apiKeys[0] ?? '' },
    level: 'interface',
    skip: ['contract'],
    junitDir,
    requestTimeoutMs: 3_000,
    ...options,
  });
  const verdict = gateVerdict(report.results);
  return { report, verdict, summary: formatSummary(report.results, report.totalMs, verdict) };
}

/** Every JUnit report of the run: present for each stage, and each one valid for CI. */
async function expectValidReports() {
  expect(await junitDirFaults(junitDir)).toEqual({
    'contract.xml': [],
    'dredd.xml': [],
    'lint.xml': [],
    'prism.xml': [],
  });
}

const stage = (report: Awaited<ReturnType<typeof gateWith>>['report'], name: string) =>
  report.results.find((r) => r.stage === name);

it(
  'has no verdict when the server is killed in the middle of the prism stage, and says when and where',
  SLOW,
  async () => {
    const { report, verdict, summary } = await gateWith({ mode: { kind: 'down' }, after: 8 });
    expect(verdict.code, summary).toBe(2);
    const prism = stage(report, 'prism');
    expect(prism?.status).toBe('no-verdict');
    expect(prism?.findings).toEqual([]);
    expect(prism?.serverGone?.request).toMatch(/^(GET|POST|DELETE|PATCH) \/v1\/pets/);
    expect(prism?.serverGone?.at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(stage(report, 'dredd')?.summary).toMatch(/^not run: the server stopped answering at /);
    expect(await readFile(join(junitDir, 'prism.xml'), 'utf8')).toMatch(
      /<error message="not sent: the server stopped answering/,
    );
    await expectValidReports();
  },
);

it(
  'has no verdict when the server restarts (its data gone) in the middle of the dredd stage',
  SLOW,
  async () => {
    const restart: FrontMode = { kind: 'restart', downMs: 3_000, onRestart: () => mock.reset() };
    const { report, verdict, summary } = await gateWith({ mode: restart, after: 22 });
    expect(verdict.code, summary).toBe(2);
    const dredd = stage(report, 'dredd');
    expect(dredd?.status).toBe('no-verdict');
    expect(dredd?.findings).toEqual([]);
    expect(dredd?.noVerdict).toMatch(/stopped answering at .*\(.*\/v1\/pets/);
    expect(await readFile(join(junitDir, 'dredd.xml'), 'utf8')).toMatch(/type="NoVerdict"/);
    await expectValidReports();
  },
);

it('has no verdict, soon, when the server hangs in the middle of a stage', SLOW, async () => {
  const { report, verdict, summary } = await gateWith({ mode: { kind: 'hang' }, after: 8 });
  expect(verdict.code, summary).toBe(2);
  expect(stage(report, 'prism')?.serverGone?.why).toMatch(/hangs/);
  expect(stage(report, 'dredd')?.status).toBe('no-verdict');
  await expectValidReports();
});

it('has no verdict when the server sheds load with 503 until the gate gives up', SLOW, async () => {
  const { report, verdict, summary } = await gateWith(
    { mode: { kind: 'shed', status: 503 }, after: 20 },
    {
      // A short wait keeps the test short; the gate's own waits a minute.
      timeoutMs: 120_000,
    },
  );
  expect(verdict.code, summary).toBe(2);
  const gone = report.results.find((r) => r.serverGone)?.serverGone;
  expect(gone?.why).toMatch(/answered 503 .* in a row .* sheds load/);
  expect(report.results.flatMap((r) => r.findings)).toEqual([]);
  await expectValidReports();
});

it('waits out a moment of 429 and 503 and passes, judging none of them', SLOW, async () => {
  // The server throttles twice: in the middle of the prism stage, then of the dredd stage.
  const { report, verdict, summary } = await gateWith(
    { mode: { kind: 'shed', status: 429, retryAfter: '1' }, after: 6 },
    {
      onStart: (f) => {
        f.set({ kind: 'pass' }, 8);
        f.set({ kind: 'shed', status: 503 }, 22);
        f.set({ kind: 'pass' }, 24);
      },
    },
  );
  expect(verdict.code, summary).toBe(0);
  expect(report.results.flatMap((r) => r.findings)).toEqual([]);
  for (const name of ['prism', 'dredd'])
    expect(stage(report, name)?.details.join('\n'), name).toMatch(
      /answered 429 or 503 first, waited out/,
    );
  await expectValidReports();
});

it(
  'passes a server that takes 4 requests at once at --concurrency 4, and its own answers are all it judged',
  SLOW,
  async () => {
    const { report, verdict, summary } = await gateWith(undefined, {
      limitConcurrency: 4,
      concurrency: 4,
    });
    expect(verdict.code, summary).toBe(0);
    expect(front.peakInFlight()).toBeLessThanOrEqual(4);
    expect(report.results.flatMap((r) => r.findings)).toEqual([]);
    await expectValidReports();
  },
);

it(
  'sends GET requests only with --read-only, start-up included, as the front saw them',
  SLOW,
  async () => {
    const { report, verdict, summary } = await gateWith(undefined, { readOnly: true, skip: [] });
    expect(verdict, summary).toMatchObject({ code: 0, words: 'CONFORMANT as far as tested' });
    expect([...new Set(front.seen.map((r) => r.method))]).toEqual(['GET']);
    expect(front.seen.length).toBeGreaterThan(50);
    expect(report.results.flatMap((r) => r.createdIds ?? [])).toEqual([]);
    await expectValidReports();
  },
);

it(
  'passes every stage against a conforming server holding a categoryId of 2^53+1',
  SLOW,
  async () => {
    await mock.close();
    const big = 2n ** 53n + 1n;
    mock = await startMockServer({
      port: 0,
      quiet: true,
      pets: [{ id: 1, name: 'Big', categoryId: big, status: 'available' }],
    });
    const { report, verdict, summary } = await gateWith(undefined, { skip: [] });
    expect(verdict.code, summary).toBe(0);
    expect(stage(report, 'prism')?.details.join('\n')).toMatch(/int64 value\(s\) above 2\^53/);
    await expectValidReports();
  },
);

it(
  'stops a stage when its time runs out, kills its tool, and still writes a valid report saying why',
  SLOW,
  async () => {
    // Dredd takes longer than 2 s to start, and its requests are answered 500 ms late: it is
    // stopped before it ends.
    await mock.close();
    mock = await startMockServer({ port: 0, quiet: true, delay: 500 });
    const { report, verdict, summary } = await gateWith(undefined, {
      skip: ['contract', 'prism'],
      stageTimeoutMs: 2_000,
    });
    expect(verdict.code, summary).toBe(2);
    const dredd = stage(report, 'dredd');
    expect(dredd?.noVerdict).toMatch(/the dredd stage ran out of time after \d+ s/);
    const xml = await readFile(join(junitDir, 'dredd.xml'), 'utf8');
    expect(xml).toMatch(/<error message="no verdict: not run: the dredd stage ran out of time/);
    await expectValidReports();
  },
);

it(
  'has no verdict when the server is killed during the contract stage, and runs no stage after it',
  SLOW,
  async () => {
    const { report, verdict, summary } = await gateWith(
      { mode: { kind: 'down' }, after: 200 },
      { skip: [] },
    );
    expect(verdict.code, summary).toBe(2);
    const contract = stage(report, 'contract');
    expect(contract?.status).toBe('no-verdict');
    expect(contract?.serverGone?.request).toMatch(/\/v1\/pets/);
    for (const name of ['prism', 'dredd'])
      expect(stage(report, name)?.summary).toMatch(/^not run: the server stopped answering at /);
    expect(await readFile(join(junitDir, 'contract.xml'), 'utf8')).toMatch(
      /name="the run stopped"/,
    );
    await expectValidReports();
  },
);
