/**
 * The provider states of a pact's interaction, set up on any server through the interface
 * itself: the animal a state needs is created (and its id handed to the interaction), missing
 * animals of a status are created until the state holds, and an absent id is checked absent.
 * What the interface cannot do (delete animals for "no animals exist") is a skip, said why.
 */

import { statusIn } from '../../spec/checks/status-checks.ts';
import { PACT_STATES } from '../../spec/pact.ts';
import { ABSENT_IDS, createPet, getPet, listPets, newPet } from '../harness/fixtures.ts';
import { options, StopError, verify } from '../harness/harness.ts';
import type { PactCase } from './pact-file.ts';
import type { StateValues } from './pact-request.ts';

/** What the states gave: the values for the request and the ids created, in order; or a skip. */
export type StatesSetUp = { values: StateValues; created: string[] } | { skip: string };

const KNOWN = Object.values(PACT_STATES) as string[];
const statusQuery = (status: unknown) => (typeof status === 'string' ? `&status=${status}` : '');

/** Creates one animal for a state; stops the test (a finding of the interaction) when refused. */
async function createFor(pact: PactCase, state: string, body: Record<string, unknown>) {
  const exchange = await createPet(body);
  const made = verify(
    exchange,
    statusIn(
      [201],
      'pact-interaction',
      `to set up the provider state "${state}" of "${pact.description}"`,
    ),
  );
  if (!made) throw new StopError(`the provider state "${state}" could not be set up`);
  return String((exchange.response.json as { id?: unknown }).id);
}

/** Sets up every provider state of `pact`, in order. */
export async function setUpStates(pact: PactCase): Promise<StatesSetUp> {
  const values: StateValues = {};
  const created: string[] = [];
  const unknown = pact.states.find((state) => !KNOWN.includes(state.name));
  if (unknown)
    return {
      skip: `its provider state "${unknown.name}" is not one the suite can set up through the interface (${KNOWN.map((k) => `"${k}"`).join(', ')})`,
    };
  const creates = pact.states.some(
    (s) => s.name === PACT_STATES.animal || s.name === PACT_STATES.animals,
  );
  if (options.readOnly && (creates || pact.request.method !== 'GET'))
    return { skip: 'it needs a creation (--read-only sends GET requests only)' };
  for (const { name, params = {} } of pact.states) {
    if (name === PACT_STATES.animal) {
      const { name: petName, categoryId, status } = params;
      const body = { name: petName, categoryId, ...(status === undefined ? {} : { status }) };
      const id = await createFor(pact, name, body);
      values.id = id;
      created.push(id);
    } else if (name === PACT_STATES.animals) {
      const count = Math.min(Number(params.count ?? 1), 101);
      const page = (await listPets(`limit=${Math.min(count, 100)}${statusQuery(params.status)}`))
        .response.json;
      const shown = Array.isArray(page) ? page.length : 0;
      const status = typeof params.status === 'string' ? params.status : undefined;
      // One after another: an order such as newest-first is then known among them.
      for (let n = shown; n < count; n++)
        created.push(await createFor(pact, name, newPet('pact', status)));
    } else if (name === PACT_STATES.none) {
      const page = (await listPets(`limit=1${statusQuery(params.status)}`)).response.json;
      if (!Array.isArray(page) || page.length > 0)
        return {
          skip: `its provider state "${name}" cannot be set up through the interface, which deletes nothing: the server holds animals${typeof params.status === 'string' ? ` of status ${params.status}` : ''}`,
        };
    } else if (name === PACT_STATES.absent) {
      const asked = String(params.id ?? ABSENT_IDS[0]);
      const found = /^\d+$/.test(asked) ? (await getPet(asked)).response.status : 200;
      values.id = found === 404 ? asked : ABSENT_IDS[0];
    }
  }
  return { values, created };
}
