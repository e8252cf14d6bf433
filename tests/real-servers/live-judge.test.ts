/**
 * The proxy's live judge (spec/checks/departures.ts) in front of every service of the panel:
 * the sample apps' requests, and a careless app's, sent to each service and judged as the
 * proxy judges them. A conforming service (with its defaults, or limiting names to 20
 * characters) shows no departure of its own; a first pass shows only rules the contract suite
 * names for it (as its test file lists them), at least one; every careless request is
 * a departure of the client, whatever the service answered.
 */
import { expect, it } from 'vitest';
import { type Departure, liveJudge } from '../../spec/checks/departures.ts';
import { APP_STEPS, CARELESS_RULES, CARELESS_STEPS, play } from './app-flow.ts';
import { FRAMEWORKS, firstPassRules, rulesOf, serviceFor } from './first-pass-rules.ts';
import type { ServiceName } from './services.ts';

/** Plays the app's and the careless requests against a fresh service, through one judge. */
async function departuresOf(name: ServiceName): Promise<Departure[]> {
  const service = await serviceFor(name);
  try {
    const judge = liveJudge({ level: 'interface' });
    return await play(service.baseUrl, service.apiKey, [...APP_STEPS, ...CARELESS_STEPS], (e) =>
      judge.judge(e),
    );
  } finally {
    await service.stop();
  }
}

const shown = (found: Departure[]) =>
  found.map((d) => `${d.side} ${d.rule}: ${d.title} (${d.received})`).join('\n');

for (const framework of FRAMEWORKS) {
  for (const variant of ['conforming', 'name-20'] as const) {
    it(`shows no departure of the ${framework} ${variant} service, and every careless request as the client's`, async () => {
      const found = await departuresOf(`${framework}-${variant}` as ServiceName);
      expect(rulesOf(found, 'server'), shown(found)).toEqual([]);
      expect(rulesOf(found, 'client').sort(), shown(found)).toEqual([...CARELESS_RULES].sort());
    }, 240_000);
  }

  it(`names only rules the suite names for the ${framework} first pass`, async () => {
    const found = await departuresOf(`${framework}-first-pass` as ServiceName);
    const server = rulesOf(found, 'server');
    expect(server.length, shown(found)).toBeGreaterThan(0);
    expect(firstPassRules(framework), shown(found)).toEqual(expect.arrayContaining(server));
    expect(rulesOf(found, 'client').sort(), shown(found)).toEqual([...CARELESS_RULES].sort());
  }, 240_000);
}
