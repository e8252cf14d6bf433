/**
 * The proxy's live judge (spec/checks/departures.ts) in front of the mock itself: the mock
 * follows this project's decisions, or a profile it is given, so the judge holding it to the
 * same level or profile finds no departure of its answers, and marks the careless requests
 * as the client's.
 */
import { expect, it } from 'vitest';
import { startMockServer } from '../../mocks/testing/local-mock.ts';
import { type Departure, liveJudge } from '../../spec/checks/departures.ts';
import type { Level } from '../../spec/levels.ts';
import { type Profile, STRICT_PROFILE } from '../../spec/profile.ts';
import { APP_STEPS, CARELESS_RULES, CARELESS_STEPS, play } from '../real-servers/app-flow.ts';

const shown = (found: Departure[]) =>
  found.map((d) => `${d.side} ${d.rule}: ${d.title} (${d.received})`).join('\n');

const CLAMPING: Profile = {
  outOfRangeLimit: 'clamp',
  defaultStatus: 'pending',
  errorCodes: { '400': 'bad_request', '404': 'missing' },
  unknownFields: 'ignore',
  order: 'id-desc',
};

it.each<[string, Level, Profile | undefined]>([
  ['at interface level', 'interface', undefined],
  ['at strict level, by its own decisions', 'strict', STRICT_PROFILE],
  ['under a profile that clamps limits and sorts by descending id', 'interface', CLAMPING],
])('finds no departure of the mock %s', async (_title, level, profile) => {
  const mock = await startMockServer({ host: '127.0.0.1', port: 0, quiet: true, profile });
  try {
    const judge = liveJudge({ level, profile });
    const [key = ''] = mock.apiKeys;
    const found = await play(mock.baseUrl, key, [...APP_STEPS, ...CARELESS_STEPS], (e) =>
      judge.judge(e),
    );
    expect(
      found.filter((d) => d.side === 'server'),
      shown(found),
    ).toEqual([]);
    const client = new Set(found.filter((d) => d.side === 'client').map((d) => d.rule));
    // At strict level the schema refuses the `id` itself (strict-payload).
    const expected =
      level === 'strict'
        ? CARELESS_RULES.map((r) => (r === 'id-assigned' ? 'strict-payload' : r))
        : CARELESS_RULES;
    expect([...client].sort(), shown(found)).toEqual([...expected].sort());
  } finally {
    await mock.close();
  }
});
