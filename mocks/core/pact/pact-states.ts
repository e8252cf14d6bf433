/**
 * Pact's provider-state endpoint on the mock (`POST /__mock/pact/states`, the verifier's
 * `providerStatesSetupUrl`): sets up, in the session the request selects, the state an
 * interaction needs, and answers the values the interaction takes from it (the id of the
 * animal it created), which Pact's verifier puts into the request.
 */
import { PET_STATUSES } from '../../../spec/constants.ts';
import { PACT_STATES } from '../../../spec/pact.ts';
import type { PetStatus } from '../../../spec/types.ts';
import { MockError } from '../errors.ts';
import { parseId, toPetId } from '../ids.ts';
import type { Session } from '../sessions.ts';

/** What Pact's verifier posts: the state's name, its params, and setup or teardown. */
type StateChange = { state?: unknown; params?: unknown; action?: unknown };

const invalid = (message: string) => new MockError(400, 'validation_failed', message);

const statusParam = (params: Record<string, unknown>): PetStatus | undefined => {
  const { status } = params;
  if (status === undefined) return undefined;
  if (PET_STATUSES.includes(status as PetStatus)) return status as PetStatus;
  throw invalid(`state param status must be one of ${PET_STATUSES.join(', ')}`);
};

const integerParam = (params: Record<string, unknown>, name: string): number | bigint => {
  const value = params[name];
  if (typeof value === 'bigint' || Number.isSafeInteger(value)) return value as number | bigint;
  if (typeof value === 'string' && /^\d{1,19}$/.test(value)) return parseId(value);
  throw invalid(`state param ${name} must be an integer, got ${JSON.stringify(String(value))}`);
};

/** Sets up one state in `session`; answers the values the interaction takes from it. */
async function setUp(
  session: Session,
  state: string,
  params: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const { store, answering } = session;
  const status = statusParam(params);
  const held = () =>
    store.snapshot().filter((pet) => status === undefined || pet.status === status);
  if (state === PACT_STATES.animal) {
    if (typeof params.name !== 'string') throw invalid('state param name must be a string');
    const categoryId = integerParam(params, 'categoryId');
    const pet = await store.create(
      { name: params.name, categoryId, status },
      answering.defaultStatus,
    );
    return { id: pet.id };
  }
  if (state === PACT_STATES.animals) {
    const count = Number(integerParam(params, 'count'));
    for (let n = held().length; n < count; n++)
      await store.create(
        { name: `Pact animal ${n + 1}`, categoryId: 1, status },
        answering.defaultStatus,
      );
    return {};
  }
  if (state === PACT_STATES.none) {
    const gone = new Set(held().map((pet) => pet.id));
    await store.replace(store.snapshot().filter((pet) => !gone.has(pet.id)));
    return {};
  }
  if (state === PACT_STATES.absent) {
    const id = toPetId(integerParam(params, 'id'));
    if (store.get(id) !== undefined)
      await store.replace(store.snapshot().filter((pet) => pet.id !== id));
    return { id };
  }
  throw invalid(
    `unknown provider state ${JSON.stringify(state)}; the mock sets up ${Object.values(PACT_STATES)
      .map((name) => JSON.stringify(name))
      .join(', ')}`,
  );
}

/** Handles one state change of Pact's verifier in `session` (a teardown changes nothing). */
export async function changeState(
  session: Session,
  body: unknown,
): Promise<Record<string, unknown>> {
  const change = (typeof body === 'object' && body !== null ? body : {}) as StateChange;
  // Pact's verifier calls with no state (or an empty one) before an interaction that has none.
  if (change.state === undefined || change.state === '' || change.action === 'teardown') return {};
  if (typeof change.state !== 'string')
    throw invalid('a state change is { "state": NAME, "params": {…}, "action": "setup" }');
  if (change.action !== undefined && change.action !== 'setup')
    throw invalid(`state action must be setup or teardown, got ${JSON.stringify(change.action)}`);
  const params = change.params ?? {};
  if (typeof params !== 'object' || params === null || Array.isArray(params))
    throw invalid('state params must be an object');
  return setUp(session, change.state, params as Record<string, unknown>);
}
