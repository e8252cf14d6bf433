/**
 * Authentication on every form: each form of request the run sent with the valid key and the
 * server served (harness/keyed-forms.ts: every file's, the request-form space's above all) is
 * sent again without it, in the plainest state (no Authorization header) every time, and in
 * each other state the catalogue knows (an empty header, another scheme, the key elsewhere,
 * its near misses, forms a parser alters into it) on forms of every operation (all of them at
 * `--depth full`). Each must get 401 with an `Error`, and a creation refused so must store
 * nothing: the ids between a marker before and one after are read back (refused.ts).
 */
import { beforeAll, describe, it } from 'vitest';
import { isErrorObject, statusIn } from '../../spec/checks/checks.ts';
import type { Pet } from '../../spec/checks/pet-checks.ts';
import { authStates, inState } from '../form-space/auth-states.ts';
import { planSize, renamed, type TwinSource, twinPlan } from '../form-space/twins.ts';
import { created } from '../harness/created.ts';
import { createOrStop, newPet } from '../harness/fixtures.ts';
import { client, options, verify } from '../harness/harness.ts';
import { keyedForms } from '../harness/keyed-forms.ts';
import { uniqueName } from '../harness/names.ts';
import { runTokens } from '../harness/refused.ts';
import { type Probe, probeBetween } from '../harness/stored-nothing.ts';

const states = authStates(options.apiKey);
// In the order of their forms, not of their answers: a run picks the same at any --concurrency.
const sources: (TwinSource & { twinned?: boolean })[] = keyedForms()
  .filter((form) => !options.readOnly || form.request.method === 'GET')
  .sort((a, b) => (a.signature < b.signature ? -1 : a.signature > b.signature ? 1 : 0));
// The forms sent without any key right after they were served with it need not go again so.
const plan = twinPlan(sources, states, options.depth, options.seed, (form) => !form.twinned);
const creates = [...plan.values()].some((forms) => forms.some((f) => f.request.method !== 'GET'));
const must401 = statusIn([401], 'auth-401', 'without a valid key');

let before: Pet | undefined;

beforeAll(async () => {
  if (creates) before = await createOrStop(newPet('twins-before'));
});

const OPERATIONS = ['listPets', 'createPet', 'getPet'] as const;
/** One test per operation and state: the forms of that operation the plan sends in it. */
const cases = [...plan].flatMap(([index, forms]) =>
  OPERATIONS.map((operation) => {
    const own = forms.filter((form) => form.operation === operation);
    return [operation, states[index]?.what ?? '', own.length, index, own] as const;
  }).filter(([, , count]) => count > 0),
);

// The states side by side (the client bounds the requests in flight); the probe after them.
describe.concurrent('every form served with the key, sent without it', () => {
  it.each(cases)(
    '%s answers 401 with an Error to every form it served with the key, sent with %s (%i forms)',
    async (_operation, _what, _count, index, forms) => {
      const state = states[index];
      if (state === undefined) return;
      await Promise.all(
        forms.map(async ({ request }) => {
          const twin = renamed(request, runTokens, () => uniqueName('tw'));
          if (twin === undefined) return;
          verify(await client.send(inState(twin, state)), must401, isErrorObject);
        }),
      );
    },
  );
  // A server that served no form with the key (it refused or redirected them all) has none
  // to send again: said, never passed.
  if (cases.length === 0)
    it('answers 401 to every form it served with the key', ({ skip }) => {
      skip('not observable here: the server served no form of request with the key');
    });
});

describe('what the forms sent without the key left', () => {
  it.skipIf(!creates)(
    'stored none of the creations it refused (the ids between two markers)',
    async ({ annotate }) => {
      const after = await createOrStop(newPet('twins-after'));
      const known = new Set(created.map((pet) => pet.id));
      const probe: Probe = before
        ? await probeBetween(before, after, known, new Set(), 2 * planSize(plan) + 20)
        : { probed: 0, skipped: 'no marker before the forms' };
      if (probe.skipped) await annotate(`not observable here: ${probe.skipped}`);
      await annotate(
        `requests sent without a valid key: ${planSize(plan)} (${sources.length} forms served with it)`,
      );
    },
  );
});
