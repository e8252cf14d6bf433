/**
 * The gate's traffic stage with the worked example of the guides: `petstore-gate --e2e` running
 * the sample app's own Playwright suite (tests/package/sample-app, as docs/testing.md runs it
 * against the mock) through the proxy in front of each framework service of the panel, one
 * Playwright run (one browser) per service, each service started fresh so the app's list
 * holds the animal its test adds. Every conforming service is CONFORMANT with no departure
 * and its coverage said; a first pass the app's traffic reaches is NOT CONFORMANT for rules
 * the contract suite names for it (those it does not reach get no run: below); a build of the app
 * that asks limit=500 is the app's departure, not the service's; a suite that fails is said
 * with its exit code and last lines (what it sent judged all the same), and a server that goes
 * away during the run is no verdict, said as such.
 * The other stages are skipped: the contract suite's own panel files run them.
 */
import { cpSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, expect, it } from 'vitest';
import { runGate } from '../../gate/run-gate.ts';
import type { StageResult } from '../../gate/stage.ts';
import { formatSummary } from '../../gate/summary.ts';
import { gateVerdict } from '../../gate/verdict.ts';
import { freePort } from '../../lib/ports.ts';
import { testTempDir } from '../../lib/temp-dirs.ts';
import { startTrafficProxy } from '../../mocks/node/proxy/traffic.ts';
import { CHROMIUM_PATH, skipReason } from '../browser/harness.ts';
import { FRAMEWORKS, firstPassRules } from './first-pass-rules.ts';
import { type ServiceName, startService } from './services.ts';

const SKIP = skipReason();
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const APP = fileURLToPath(new URL('../package/sample-app/', import.meta.url));
let carelessApp = '';

beforeAll(() => {
  // A build of the app with a bug of its own: its list asks for 500 animals at a time.
  carelessApp = join(testTempDir('careless-app-'), 'sample-app');
  cpSync(APP, carelessApp, { recursive: true });
  const main = join(carelessApp, 'src', 'main.js');
  writeFileSync(main, readFileSync(main, 'utf8').replace('&limit=100', '&limit=500'));
  // Its packages are the checkout's, as an installed app's would be its own.
  symlinkSync(join(ROOT, 'node_modules'), join(carelessApp, 'node_modules'), 'dir');
});

/** The app's suite as its team runs it, on a free port, with the system's Chromium. */
const suite = async (dir: string) =>
  `cd '${dir}' && CHROMIUM_PATH=${CHROMIUM_PATH} APP_PORT=${await freePort()} npx playwright test e2e/pets.spec.ts --workers 1 --reporter line`;

/**
 * A service of its own for one test, conforming ones too: the run's shared ones hold the
 * hundreds of animals other files create, past the app's one page of 100.
 */
async function serviceFor(name: ServiceName) {
  const service = await startService(name);
  return { ...service, stop: () => service.process.stop() };
}

/** The gate with only the traffic stage, the app's suite run through it, in front of `name`. */
async function gateWithApp(name: ServiceName, dir = APP) {
  const service = await serviceFor(name);
  try {
    const report = await runGate({
      server: { baseUrl: service.baseUrl, apiKey: service.apiKey },
      level: 'interface',
      skip: ['contract', 'prism', 'dredd'],
      e2e: await suite(dir),
      startProxy: startTrafficProxy,
      timeoutMs: 200_000,
    });
    const verdict = gateVerdict(report.results);
    const traffic = report.results.at(-1) as StageResult;
    const shown = [
      formatSummary(report.results, report.totalMs, verdict),
      ...traffic.details,
      ...[...traffic.findings, ...(traffic.appFindings ?? [])].map(
        (f) => `${f.rule}: ${f.title} ${f.detail[0]} ${f.request[0]}`,
      ),
    ].join('\n');
    return { verdict, traffic, shown };
  } finally {
    await service.stop();
  }
}

const rulesIn = (traffic: StageResult) => [...new Set(traffic.findings.map((f) => f.rule))];

/**
 * The first passes whose fault the app's traffic reaches: the suite sends valid lists and
 * creations with the key and reads no animal by id. FastAPI's first pass answers a creation
 * without status with "status": null (pet-status). The others break the interface only where
 * the app never goes (text or HTML errors, invalid bodies stored, a negative or huge limit,
 * 2^53+1, petId 1.5, a client's id), as does Go's planted empty-token panic: to this traffic they are conforming services, which the
 * conforming ones of each framework already show passing, so they get no run of their own.
 */
const REACHED_FIRST_PASSES = ['fastapi'] as const;

for (const framework of FRAMEWORKS) {
  it(`finds the ${framework} conforming service CONFORMANT through the sample app's Playwright suite, with its coverage`, async (test) => {
    test.skip(SKIP !== undefined, SKIP);
    const { verdict, traffic, shown } = await gateWithApp(`${framework}-conforming` as ServiceName);
    expect(traffic.status, shown).toBe('passed');
    expect(verdict.code, shown).toBe(0);
    expect(traffic.findings, shown).toEqual([]);
    expect(traffic.appFindings, shown).toEqual([]);
    // The suite passed as its team wrote it, through the proxy, and its traffic is covered.
    expect(traffic.untested, shown).toEqual([]);
    expect(traffic.coverage?.met, shown).toBeGreaterThanOrEqual(2);
    expect(traffic.summary).toMatch(/coverage \d+ of 8 documented responses/);
    expect(traffic.created, shown).toBeGreaterThanOrEqual(2);
  }, 240_000);
}

for (const framework of REACHED_FIRST_PASSES) {
  it(`finds the ${framework} first pass NOT CONFORMANT for rules the suite names, through the app's traffic`, async (test) => {
    test.skip(SKIP !== undefined, SKIP);
    const { verdict, traffic, shown } = await gateWithApp(`${framework}-first-pass` as ServiceName);
    expect(traffic.appFindings, shown).toEqual([]);
    expect(verdict.code, shown).toBe(1);
    expect(rulesIn(traffic).length, shown).toBeGreaterThan(0);
    expect(firstPassRules(framework), shown).toEqual(expect.arrayContaining(rulesIn(traffic)));
    expect(traffic.findings.every((f) => f.curl?.includes('Bearer $' + '{PETSTORE_API_KEY}'))).toBe(
      true,
    );
  }, 240_000);
}

it("reports an app build that asks limit=500 as the app's departure, apart from the service's", async (test) => {
  test.skip(SKIP !== undefined, SKIP);
  const { verdict, traffic, shown } = await gateWithApp('express-conforming', carelessApp);
  expect(traffic.findings, shown).toEqual([]);
  expect(
    traffic.appFindings?.map((f) => f.rule),
    shown,
  ).toEqual(['limit-max']);
  expect(traffic.appFindings?.[0]?.title).toBe('The app sent limit="500"');
  // Reported apart: the service conforms, and the gate says so.
  expect(traffic.status, shown).toBe('passed');
  expect(verdict.code, shown).toBe(0);
}, 240_000);

it("says the app's Playwright run failing, with its exit code and last lines, and judges what it sent", async (test) => {
  test.skip(SKIP !== undefined, SKIP);
  // The suite as a CI job without its browser runs it: the page tests fail before any request,
  // the one that talks to the API without a page sends its creation.
  const broken = (await suite(APP)).replace(
    `CHROMIUM_PATH=${CHROMIUM_PATH}`,
    'CHROMIUM_PATH=/nowhere',
  );
  const service = await serviceFor('express-conforming');
  const report = await runGate({
    server: { baseUrl: service.baseUrl, apiKey: service.apiKey },
    level: 'interface',
    skip: ['contract', 'prism', 'dredd'],
    e2e: broken,
    startProxy: startTrafficProxy,
  }).finally(() => service.stop());
  const traffic = report.results.at(-1) as StageResult;
  const shown = [traffic.summary, ...traffic.details].join('\n');
  // No verdict on the server by itself: its answers to what was sent were judged, and the run
  // is CONFORMANT only as far as tested, which --require-complete refuses.
  expect(traffic.untested?.[0], shown).toMatch(/the e2e command failed \(exit 1\) after/);
  expect(traffic.details, shown).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^ {2}\| .*executable doesn't exist at \/nowhere/),
    ]),
  );
  expect(traffic.coverage?.operations.find((o) => o.operation === 'createPet')?.met).toEqual([201]);
  expect(gateVerdict(report.results)).toMatchObject({
    code: 0,
    words: 'CONFORMANT as far as tested',
  });
  expect(gateVerdict(report.results, true).code).toBe(2);
}, 240_000);

it('says the server went away while the app’s tests ran: no verdict, naming when and where', async (test) => {
  test.skip(SKIP !== undefined, SKIP);
  const service = await startService('express-conforming');
  try {
    // Staging goes down as the suite starts: the proxy answers the app 502, and says why.
    const report = await runGate({
      server: { baseUrl: service.baseUrl, apiKey: service.apiKey },
      level: 'interface',
      skip: ['contract', 'prism', 'dredd'],
      e2e: `kill -TERM -${service.process.child.pid} && ${await suite(APP)}`,
      startProxy: startTrafficProxy,
    });
    const traffic = report.results.at(-1) as StageResult;
    const shown = [traffic.summary, ...traffic.details].join('\n');
    expect(gateVerdict(report.results).code, shown).toBe(2);
    expect(traffic.findings, shown).toEqual([]);
    expect(traffic.serverGone?.request, shown).toMatch(/^GET \/v1\/pets/);
    expect(traffic.noVerdict, shown).toMatch(
      /gave no answer to \d+ request\(s\) of the app's tests, and none to GET \/v1\/pets after them: it stopped/,
    );
  } finally {
    await service.process.stop();
  }
}, 240_000);
