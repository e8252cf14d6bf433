/**
 * The request-form space (form-space/): each operation in every path form the server serves
 * with the key, with every form of its parameters or body, each held to every rule of its
 * operation: a page within its limit and filter, the animal its id names, a creation stored as
 * sent or refused with 400. Where a page offers the next (Link rel="next"), a few are followed
 * and held to the same rules, at interface level too. `--depth full` sends all of the space,
 * the others a seeded covering in which every value of every dimension appears. Every form
 * sent here is sent again without the key by unauthenticated.contract.ts.
 */
import { beforeAll, describe, it } from 'vitest';
import { isObject } from '../../spec/checks/check.ts';
import { isErrorObject, statusIn } from '../../spec/checks/checks.ts';
import {
  createdEchoes,
  equalsPet,
  isSamePet,
  knownItemsUnchanged,
  type Pet,
} from '../../spec/checks/pet-checks.ts';
import { statusInOrRefused } from '../../spec/checks/status-checks.ts';
import { allowed, servedChecks } from '../catalogue/param-judgement.ts';
import { bearer, type Exchange, type Request } from '../client/http.ts';
import { inState, NO_KEY } from '../form-space/auth-states.ts';
import { CANONICAL, OTHER_PATH_FORMS, type PathForm, withQuery } from '../form-space/path-forms.ts';
import {
  isCanonical,
  type SpaceForm,
  type SpaceInput,
  sampled,
  spaceSize,
} from '../form-space/space.ts';
import { renamed } from '../form-space/twins.ts';
import { createOrStop, newPet, STATUSES } from '../harness/fixtures.ts';
import { client, options, spec, verify } from '../harness/harness.ts';
import { twinNow } from '../harness/keyed-forms.ts';
import { uniqueName } from '../harness/names.ts';
import { followOffered } from '../harness/offered-pages.ts';
import { runTokens } from '../harness/refused.ts';

type Operation = SpaceForm['operation'];

/** The next pages followed from how many lists, and how many pages from each, by depth. */
const OFFERED = {
  quick: { lists: 6, pages: 2 },
  default: { lists: 12, pages: 3 },
  deep: { lists: 24, pages: 5 },
  full: { lists: Number.POSITIVE_INFINITY, pages: 10 },
} as const;

const served: Record<Operation, PathForm[]> = {
  listPets: [CANONICAL],
  getPet: [CANONICAL],
  createPet: [CANONICAL],
};
const pets: Pet[] = [];
/** The animals this file created, by id: every list must show them unchanged. */
const mine = new Map<string, Pet>();

const input = (): SpaceInput => ({ level: options.level, paths: served, pets });
let forms: SpaceForm[] | undefined;
/** The forms this run sends, once the path forms served are known (after the set-up). */
const sample = () => {
  forms ??= sampled(input(), options.depth, options.seed);
  return forms;
};
const key = () => bearer(options.apiKey);

/** Sends a probe of a path form with the key (an `other` request until it is known to be served). */
const probe = (method: string, path: string, body?: Record<string, unknown>) =>
  client.send({
    operation: 'other',
    method,
    path,
    headers: body ? { ...key(), 'content-type': 'application/json' } : key(),
    ...(body ? { body } : {}),
  });

/** Whether the server serves an operation at a path form, as it answers with the key. */
async function serves(operation: Operation, form: PathForm): Promise<boolean> {
  if (operation === 'listPets') {
    const { response } = await probe('GET', withQuery(form, '/pets', 'limit=1'));
    return response.status === 200 && Array.isArray(response.json);
  }
  if (operation === 'getPet') {
    const [pet] = pets;
    if (pet === undefined) return false;
    const { response } = await probe('GET', form.write(`/pets/${pet.id}`));
    return response.status === 200 && isSamePet(response.json, pet);
  }
  if (options.readOnly) return false;
  const body = newPet('form-probe');
  const { response } = await probe('POST', form.write('/pets'), body);
  return response.status === 201 && isObject(response.json) && response.json.name === body.name;
}

beforeAll(async () => {
  if (!options.readOnly)
    for (const status of STATUSES) {
      const pet = await createOrStop(newPet('space', status));
      pets.push(pet);
      mine.set(String(pet.id), pet);
    }
  const operations: Operation[] = ['listPets', 'getPet', 'createPet'];
  const found = await Promise.all(
    operations.flatMap((operation) =>
      OTHER_PATH_FORMS.map(async (form) =>
        (await serves(operation, form)) ? { operation, form } : undefined,
      ),
    ),
  );
  for (const each of found) if (each) served[each.operation].push(each.form);
});

/** The request of a space form with the key (a creation named `name`). */
function requestOf(form: SpaceForm, name: string): Request {
  if (form.operation === 'listPets') {
    const [, query = ''] = form.case.path.split('?');
    return {
      operation: 'listPets',
      method: 'GET',
      path: withQuery(form.path, '/pets', query),
      headers: key(),
    };
  }
  if (form.operation === 'getPet') {
    const text =
      'pet' in form.id ? String(form.id.pet.id) : form.id.case.path.replace(/^\/pets\//, '');
    return {
      operation: 'getPet',
      method: 'GET',
      path: form.path.write(`/pets/${text}`),
      headers: key(),
    };
  }
  const written = form.body.write(name, options.categoryId);
  return {
    operation: 'createPet',
    method: 'POST',
    path: form.path.write('/pets'),
    headers: { ...key(), 'content-type': written.type },
    rawBody: written.rawBody,
  };
}

/** The status a form's answer must have, and what a served answer must hold. */
function judged(form: SpaceForm, exchange: Exchange, name: string): void {
  const canonical = isCanonical(form);
  const { status } = exchange.response;
  const why = `for ${labelOf(form)}`;
  if (form.operation === 'listPets') {
    const { statuses, rule, refusable } = allowed(form.case, spec);
    const checks = [...servedChecks(form.case), knownItemsUnchanged(mine)];
    if (!canonical)
      return void (status === 200 && verify(exchange, statusIn([200], rule, why), ...checks));
    verify(exchange, (refusable ? statusInOrRefused : statusIn)(statuses, rule, why), ...checks);
    return;
  }
  if (form.operation === 'getPet') {
    const { id } = form;
    if ('pet' in id) {
      if (canonical || status === 200)
        verify(exchange, statusIn([200], 'get-found', why), equalsPet(id.pet));
      return;
    }
    const { statuses, rule, refusable } = allowed(id.case, spec);
    if (!canonical)
      return void (
        status === 200 && verify(exchange, statusIn([200], rule, why), ...servedChecks(id.case))
      );
    verify(
      exchange,
      (refusable ? statusInOrRefused : statusIn)(statuses, rule, why),
      ...servedChecks(id.case),
    );
    return;
  }
  const { body } = form;
  const sent = body.write(name, options.categoryId).body;
  if (body.expect === 'create') {
    if (!canonical && status !== 201) return;
    verify(exchange, statusIn([201], 'create-responses', why), createdEchoes(sent));
    if (status === 201 && isObject(exchange.response.json))
      mine.set(String(exchange.response.json.id), exchange.response.json as Pet);
  } else if (canonical || status === 201) verify(exchange, statusIn([400], 'create-400', why));
}

/** A form in words: its operation, path form and what it carries. */
function labelOf(form: SpaceForm): string {
  const what =
    form.operation === 'listPets'
      ? form.case.title
      : form.operation === 'getPet'
        ? `petId ${form.id.label}`
        : form.body.label;
  return `${what}${isCanonical(form) ? '' : `, the path ${form.path.label}`}`;
}

const must401 = statusIn([401], 'auth-401', 'without a valid key');

/**
 * Sends a form with the key, judges the answer, and when the server served it sends the same
 * again at once without any key (a cache in front keyed on the URL alone answers it then).
 */
async function sendForm(form: SpaceForm): Promise<Exchange> {
  const name = uniqueName('fs');
  const request = requestOf(form, name);
  const exchange = await client.send(request);
  judged(form, exchange, name);
  const served = twinNow(request, exchange);
  const twin = served && renamed(request, runTokens, () => uniqueName('tw'));
  if (twin) verify(await client.send(inState(twin, NO_KEY)), must401, isErrorObject);
  return exchange;
}

/** Sends every form of an operation in the run's sample at once, judging each; returns the exchanges. */
async function sendAll(operation: Operation): Promise<Exchange[]> {
  const forms = sample().filter((f) => f.operation === operation);
  return Promise.all(forms.map(sendForm));
}

/** The space in words: its size by operation and how much of it the run sends. */
function sizeNote(): string {
  const size = spaceSize(input());
  const sent = sample();
  const count = (operation: Operation) => sent.filter((f) => f.operation === operation).length;
  const how =
    options.depth === 'full'
      ? 'all of it'
      : `a covering seeded ${options.seed} (--seed), every value of every dimension in it`;
  const ops = (['listPets', 'getPet', 'createPet'] as const).map(
    (o) => `${o} ${count(o)} of ${size[o]}`,
  );
  return `request forms sent with the key: ${ops.join(', ')} (${how}); other path forms served: ${(
    ['listPets', 'getPet', 'createPet'] as const
  )
    .map(
      (o) =>
        `${o}: ${
          served[o]
            .slice(1)
            .map((f) => f.label)
            .join(', ') || 'none'
        }`,
    )
    .join('; ')}`;
}

// One operation after another: no creation clears a cache in front between a list's request
// with the key and the same at once without it.
describe('the request-form space, every form held to its operation', () => {
  it('listPets keeps its rules on every form it serves, and on the next pages it offers', async ({
    annotate,
  }) => {
    await annotate(sizeNote());
    const lists = await sendAll('listPets');
    const { lists: most, pages } = OFFERED[options.depth];
    const offering = lists
      .filter((e) => e.response.status === 200 && e.response.headers.link)
      .slice(0, most);
    const followed = await Promise.all(offering.map((e) => followOffered(e, pages, mine)));
    const read = followed.reduce((a, b) => a + b, 0);
    if (read > 0) await annotate(`next pages followed: ${read}, from ${offering.length} lists`);
  });

  it('getPet keeps its rules on every form it serves', async () => {
    await sendAll('getPet');
  });

  it.skipIf(options.readOnly)('createPet keeps its rules on every form it serves', async () => {
    await sendAll('createPet');
  });
});
