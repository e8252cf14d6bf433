/**
 * `petstore-mock --proxy` in front of the panel's services: the sample apps' requests and a
 * careless app's go through the standalone mock to each service, and the departures the mock
 * lists (GET /__mock/departures) are the judge's: none of a conforming service's, only rules the
 * suite names for a first pass, and every careless request the client's. The app's key goes
 * through as sent (no --proxy-key), so the backend judges it. Conforming services are the run's shared ones (panel.ts); each first pass starts fresh.
 */
import { expect, it } from 'vitest';
import type { DepartureRow } from '../../mocks/core/departures-view.ts';
import { startMockServer } from '../../mocks/node/server.ts';
import { APP_STEPS, CARELESS_RULES, CARELESS_STEPS, play } from './app-flow.ts';
import { FRAMEWORKS, firstPassRules, rulesOf, serviceFor } from './first-pass-rules.ts';
import type { ServiceName } from './services.ts';

/** Plays the app's and the careless requests through a proxying mock; its departures. */
async function departuresThroughProxy(name: ServiceName): Promise<DepartureRow[]> {
  const service = await serviceFor(name);
  const mock = await startMockServer({ port: 0, quiet: true, proxy: { url: service.baseUrl } });
  try {
    await play(mock.baseUrl, service.apiKey, [...APP_STEPS, ...CARELESS_STEPS], () => []);
    const listed = await fetch(`${mock.origin}/__mock/departures`);
    return (await listed.json()) as DepartureRow[];
  } finally {
    await mock.close();
    await service.stop();
  }
}

const shown = (found: DepartureRow[]) =>
  found.map((d) => `${d.side} ${d.rule} on ${d.method} ${d.path}: ${d.title}`).join('\n');

for (const framework of FRAMEWORKS) {
  it(`lists no departure of the ${framework} conforming service through the proxy`, async () => {
    const found = await departuresThroughProxy(`${framework}-conforming` as ServiceName);
    expect(rulesOf(found, 'server'), shown(found)).toEqual([]);
    expect(rulesOf(found, 'client').sort(), shown(found)).toEqual([...CARELESS_RULES].sort());
    expect(found.every((d) => d.answeredBy === 'backend')).toBe(true);
  }, 240_000);

  it(`lists only rules the suite names for the ${framework} first pass through the proxy`, async () => {
    const found = await departuresThroughProxy(`${framework}-first-pass` as ServiceName);
    const server = rulesOf(found, 'server');
    expect(server.length, shown(found)).toBeGreaterThan(0);
    expect(firstPassRules(framework), shown(found)).toEqual(expect.arrayContaining(server));
  }, 240_000);
}
