/**
 * The proxy's live judge (spec/checks/departures.ts) in front of the reference server: every
 * unusual but conforming variant shows no departure of its own, at interface level and held
 * to the profile that describes it; every planted bug the sample apps' requests touch shows a
 * departure, naming only rules the contract suite names for it.
 */
import { expect, it } from 'vitest';
import { type Departure, liveJudge } from '../../spec/checks/departures.ts';
import type { Profile } from '../../spec/profile.ts';
import { APP_STEPS, CARELESS_STEPS, play } from '../real-servers/app-flow.ts';
import type { Fault } from './faults.ts';
import { REFERENCE_KEY, startReferenceServer } from './reference-server.ts';
import { CONFORMING, profileOf, type Variant } from './variants.ts';

/**
 * Planted bugs the apps' requests touch, with the rules the suite names for each (quick
 * depth, seed 42: its findings and the rules that followed them on the same answers).
 */
const SUITE_NAMES: Partial<Record<Fault, string[]>> = {
  'create-answers-200': ['create-responses'],
  'create-without-id': ['pet-shape', 'id-assigned'],
  'responses-miss-categoryId': ['pet-shape', 'created-echoes'],
  'status-filter-ignored': ['status-filter'],
  'error-without-status': ['error-shape'],
  'error-status-mismatch': ['error-status'],
  'error-not-json': ['json'],
  'state-not-kept': ['get-found'],
  'get-returns-another-pet': ['get-found'],
  'name-lowercased': ['created-echoes'],
  'text-content-type': ['json'],
  'invalid-status-accepted': ['pet-status', 'create-400'],
  'list-wrapped-in-object': ['list-responses'],
  'client-id-honoured': ['id-assigned', 'get-found'],
};

/** The departures of the backend, seen through one judge, for the apps' and careless requests. */
async function serverDepartures(
  options: { fault?: Fault; variant?: Variant },
  profile?: Profile,
): Promise<Departure[]> {
  const server = await startReferenceServer(options);
  try {
    const judge = liveJudge({ level: 'interface', profile });
    const found = await play(
      server.baseUrl,
      REFERENCE_KEY,
      [...APP_STEPS, ...CARELESS_STEPS],
      (e) => judge.judge(e),
    );
    return found.filter((d) => d.side === 'server');
  } finally {
    await server.close();
  }
}

const shown = (found: Departure[]) =>
  found.map((d) => `${d.rule}: ${d.title} (${d.received})`).join('\n');

it.each(Object.entries(CONFORMING))(
  'shows no departure of the conforming variant %s',
  async (_name, { variant }) => {
    const bare = await serverDepartures({ variant });
    expect(bare, shown(bare)).toEqual([]);
    const declared = await serverDepartures({ variant }, profileOf(variant));
    expect(declared, shown(declared)).toEqual([]);
  },
);

it.each(Object.entries(SUITE_NAMES))(
  'names only rules the suite names for the planted bug %s',
  async (fault, rules) => {
    const found = await serverDepartures({ fault: fault as Fault });
    const named = [...new Set(found.map((d) => d.rule))];
    expect(named.length, shown(found)).toBeGreaterThan(0);
    expect(rules, shown(found)).toEqual(expect.arrayContaining(named));
  },
);
