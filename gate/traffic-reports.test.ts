import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testTempDir } from '../lib/temp-dirs.ts';
import { startMockServer, startTrafficProxy } from '../mocks/testing/local-mock.ts';
import { annotation } from './github.ts';
import { gateJson } from './json-result.ts';
import { junitDirFaults } from './junit-check.ts';
import { gateMarkdown } from './markdown.ts';
import { runGate } from './run-gate.ts';
import { formatSummary } from './summary.ts';
import { gateVerdict } from './verdict.ts';

const KEY = 'backend-key-91aa';
let backend: Awaited<ReturnType<typeof startMockServer>>;
let app: string;
const versions = { gate: '0.0.0-test', interface: '1.0.0' };

// A careless app: one valid list, one with limit=500 (the app's departure, not the backend's).
const APP = `
const base = process.env.PETSTORE_BASE_URL;
const auth = { authorization: 'Bearer ' + process.env.PETSTORE_API_KEY };
await (await fetch(base + '/pets?limit=2', { headers: auth })).text();
await (await fetch(base + '/pets?limit=500', { headers: auth })).text();
`;

beforeAll(async () => {
  backend = await startMockServer({ port: 0, quiet: true, apiKeys: [KEY] });
  app = join(testTempDir('traffic-gate-'), 'app.mjs');
  writeFileSync(app, APP);
});

afterAll(() => backend.close());

const gate = (extra: Parameters<typeof runGate>[0] extends infer O ? Partial<O> : never) =>
  runGate({
    server: { baseUrl: backend.baseUrl, apiKey: KEY },
    level: 'interface',
    skip: ['contract', 'prism', 'dredd'],
    startProxy: startTrafficProxy,
    ...extra,
  });

it('runs no traffic stage without --e2e: the gate is unchanged', async () => {
  const report = await gate({});
  expect(report.results.map((r) => r.stage)).toEqual(['lint', 'contract', 'prism', 'dredd']);
});

it('reports the traffic stage in the summary, JSON, Markdown, JUnit and annotations', async () => {
  const junitDir = testTempDir('traffic-junit-');
  const report = await gate({ e2e: `node ${app}`, junitDir });
  const traffic = report.results.at(-1);
  expect(traffic?.stage).toBe('traffic');
  expect(traffic?.status).toBe('passed');
  const verdict = gateVerdict(report.results);
  expect(verdict).toMatchObject({ code: 0, words: 'CONFORMANT as far as tested' });
  expect(formatSummary(report.results, report.totalMs, verdict)).toMatch(
    /traffic {3}passed .* 2 exchange\(s\) in 1 session\(s\); 0 departure\(s\) of the backend, 1 of the app; coverage 1 of 8 documented responses \(13 %\)/,
  );

  const json = gateJson(report, verdict, versions, 'interface');
  const stage = json.stages.at(-1);
  expect(stage).toMatchObject({
    stage: 'traffic',
    appFindingsFail: false,
    coverage: { met: 1, documented: 8 },
  });
  expect(stage?.appFindings?.map((f) => f.rule)).toEqual(['limit-max']);
  expect(() => JSON.parse(JSON.stringify(json))).not.toThrow();

  const markdown = gateMarkdown(report, verdict, versions, 'interface');
  expect(markdown).toContain(
    "### Coverage of the app's traffic: 1 of 8 documented responses (13 %)",
  );
  expect(markdown).toMatch(/\| listPets \| 2 \| 200 \| 401 \| 400 \| .*limit-max/);
  expect(markdown).toMatch(/### The app's departures \(1\): reported apart/);
  expect(markdown).toContain('`limit-max`');

  expect(await junitDirFaults(junitDir)).toEqual({
    'contract.xml': [],
    'dredd.xml': [],
    'lint.xml': [],
    'prism.xml': [],
    'traffic.xml': [],
  });
  const xml = readFileSync(join(junitDir, 'traffic.xml'), 'utf8');
  expect(xml).toMatch(/<testcase classname="traffic.app" name="limit-max: GET [^"]*limit=500"/);
  expect(xml).toMatch(/<skipped message="the app's departure, reported apart/);
  expect(xml).toContain('name="the app\'s traffic: 1 of 8 documented responses (13 %)"');

  const [appFinding] = traffic?.appFindings ?? [];
  expect(appFinding && annotation(appFinding, 'warning')).toMatch(
    /^::warning file=spec\/openapi\.yaml,line=\d+,title=petstore-gate traffic limit-max::The app sent limit="500"/,
  );
});

it('fails the gate on the app’s departure with --e2e-client strict, counting it', async () => {
  const report = await gate({ e2e: `node ${app}`, e2eClient: 'strict' });
  expect(gateVerdict(report.results)).toMatchObject({
    code: 1,
    words: 'NOT CONFORMANT',
    why: '1 finding(s) in traffic',
  });
});
