import { expect, it } from 'vitest';
import { parseJson } from '../../../spec/json.ts';
import { controlledMock } from '../../testing/controlled-mock.ts';
import { DEFAULT_API_KEY } from '../defaults.ts';

const ORIGIN = 'http://pact.test';
const { mock } = controlledMock(ORIGIN);

let counter = 0;
const newSession = () => `pact-${Date.now().toString(36)}-${counter++}`;

const send = (session: string, path: string, init: RequestInit = {}) =>
  fetch(`${ORIGIN}${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${DEFAULT_API_KEY}`,
      'x-mock-session': session,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.headers as Record<string, string>),
    },
  });
const create = (session: string, body: unknown) =>
  send(session, '/v1/pets', { method: 'POST', body: JSON.stringify(body) });

type Interaction = {
  description: string;
  providerStates?: { name: string; params: Record<string, unknown> }[];
  request: Record<string, unknown> & { generators?: unknown };
  response: Record<string, unknown> & { status: number; body?: unknown; matchingRules?: unknown };
  comments?: { text: string[] };
  petstore: { operation: string; relies: { gap: string; value: unknown }[] };
};

/** The session's pact over HTTP, as the verifier's side reads it. */
async function pactOver(session: string, query = 'consumer=web&specification=3') {
  const reply = await fetch(`${ORIGIN}/__mock/pact?${query}`, {
    headers: { 'x-mock-session': session },
  });
  return { status: reply.status, body: parseJson(await reply.text()) as Record<string, unknown> };
}

it('writes one interaction per request shape, oldest first, with states and matching rules', async () => {
  const session = newSession();
  await send(session, '/v1/pets?limit=3&status=available');
  await send(session, '/v1/pets?limit=3&status=available');
  const created = await (await create(session, { name: 'Rex', categoryId: 2 })).json();
  await send(session, `/v1/pets/${created.id}`);
  await send(session, '/v1/pets/999');
  const { status, body } = await pactOver(session);
  expect(status).toBe(200);
  expect(body).toMatchObject({
    consumer: { name: 'web' },
    provider: { name: 'petstore' },
    metadata: { pactSpecification: { version: '3.0.0' } },
  });
  const [list, creation, found, absent] = body.interactions as Interaction[];
  expect((body.interactions as unknown[]).length).toBe(4);
  expect(list?.description).toBe('listPets: GET /v1/pets?limit=3&status=available, answered 200');
  expect(list?.providerStates).toEqual([
    { name: 'animals exist', params: { count: 4, status: 'available' } },
  ]);
  expect(list?.request).toEqual({
    method: 'GET',
    path: '/v1/pets',
    query: { limit: ['3'], status: ['available'] },
  });
  expect(list?.response.matchingRules).toMatchObject({
    body: { $: { matchers: [{ match: 'type', min: 3, max: 3 }] } },
    header: { Link: { matchers: [{ match: 'regex' }] } },
  });
  expect(list?.petstore.relies.map((gap) => [gap.gap, gap.value])).toEqual([
    ['order', 'id-asc'],
    ['pagination', 'link'],
    ['pageSize', 3],
  ]);
  expect(creation?.request).toMatchObject({ body: { name: 'Rex', categoryId: 2 } });
  expect(creation?.response.body).toEqual({
    id: created.id,
    name: 'Rex',
    categoryId: 2,
    status: 'available',
  });
  expect(creation?.petstore.relies).toMatchObject([{ gap: 'defaultStatus', value: 'available' }]);
  expect(found?.providerStates).toEqual([
    { name: 'an animal exists', params: { name: 'Rex', categoryId: 2, status: 'available' } },
  ]);
  expect(found?.request.generators).toEqual({
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Pact's expression, not a template.
    path: { type: 'ProviderState', expression: '/v1/pets/${id}' },
  });
  expect(absent?.providerStates).toEqual([
    { name: 'an animal does not exist', params: { id: '999' } },
  ]);
  expect(absent?.response.body).toMatchObject({ code: 'not_found', status: 404 });
  expect(body.metadata).toMatchObject({
    petstore: {
      profile: {
        order: 'id-asc',
        pagination: 'link',
        defaultStatus: 'available',
        errorCodes: { '404': 'not_found' },
      },
    },
  });
});

it('leaves out what the app did not get from the interface, saying why, and holds no key', async () => {
  const session = newSession();
  mock.session(session).faults.add({ operation: 'listPets', status: 503 });
  await send(session, '/v1/pets');
  await send(session, '/v1/pets', { headers: { prefer: 'code=500' } });
  await send(session, '/v1/pets', { headers: { authorization: 'Bearer wrong' } });
  await send(session, '/v1/orders');
  const { body } = await pactOver(session);
  expect(body.interactions).toEqual([]);
  const reasons = (body.metadata as { petstore: { leftOut: { reason: string }[] } }).petstore
    .leftOut;
  expect(reasons.map((r) => r.reason)).toEqual([
    expect.stringContaining('fault'),
    expect.stringContaining('Prefer'),
    expect.stringContaining('401'),
    expect.stringContaining('no operation'),
  ]);
  expect(JSON.stringify(body)).not.toContain(DEFAULT_API_KEY);
});

it('writes v4 by default, with the gaps relied on as comments', async () => {
  const session = newSession();
  await create(session, { name: 'Tom', categoryId: 1 });
  const pact = mock.session(session).pact({ consumer: 'web' });
  const [creation] = pact.interactions as Interaction[];
  expect(pact.metadata.pactSpecification).toEqual({ version: '4.0' });
  expect(creation).toMatchObject({
    type: 'Synchronous/HTTP',
    request: { headers: { 'Content-Type': ['application/json'] }, body: { encoded: false } },
    response: { body: { content: { name: 'Tom', status: 'available' } } },
  });
  expect(creation?.comments?.text).toEqual([expect.stringContaining('status available')]);
});

it('names a bad consumer or specification in a 400', async () => {
  expect((await pactOver(newSession(), '')).body).toMatchObject({
    status: 400,
    message: expect.stringContaining('consumer'),
  });
  expect((await pactOver(newSession(), 'consumer=web&specification=2')).body).toMatchObject({
    status: 400,
    message: expect.stringContaining('specification must be 3 or 4'),
  });
});

it('joins the journals of the sessions a prefix names', async () => {
  const run = newSession();
  await send(`${run}-a`, '/v1/pets?limit=2');
  await send(`${run}-b`, '/v1/pets/1');
  const pact = mock.pact({ consumer: 'web', sessionPrefix: `${run}-` });
  expect(pact.interactions.map((i) => i.description)).toEqual([
    'listPets: GET /v1/pets?limit=2, answered 200',
    'getPet: GET /v1/pets/{petId}, answered 200',
  ]);
});

/** Posts a state change as Pact's verifier does. */
const state = async (session: string, change: unknown) => {
  const reply = await fetch(`${ORIGIN}/__mock/pact/states`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-mock-session': session },
    body: JSON.stringify(change),
  });
  return { status: reply.status, body: await reply.json() };
};

it("sets up the provider states Pact's verifier asks for, in the session it names", async () => {
  const session = newSession();
  const made = await state(session, {
    state: 'an animal exists',
    params: { name: 'Rex', categoryId: 2 },
    action: 'setup',
  });
  expect(made).toEqual({ status: 200, body: { id: 13 } });
  expect(mock.session(session).state().pets.at(-1)).toEqual({
    id: 13,
    name: 'Rex',
    categoryId: 2,
    status: 'available',
  });
  await state(session, { state: 'animals exist', params: { count: 9, status: 'sold' } });
  const sold = mock
    .session(session)
    .state()
    .pets.filter((p) => p.status === 'sold');
  expect(sold.length).toBe(9);
  await state(session, { state: 'no animals exist', params: { status: 'sold' } });
  expect(
    mock
      .session(session)
      .state()
      .pets.some((p) => p.status === 'sold'),
  ).toBe(false);
  expect(await state(session, { state: 'an animal does not exist', params: { id: 13 } })).toEqual({
    status: 200,
    body: { id: 13 },
  });
  expect((await send(session, '/v1/pets/13')).status).toBe(404);
  expect(await state(session, { state: 'a dragon exists', action: 'setup' })).toMatchObject({
    status: 400,
    body: { message: expect.stringContaining('unknown provider state "a dragon exists"') },
  });
  expect(await state(session, { state: 'a dragon exists', action: 'teardown' })).toEqual({
    status: 200,
    body: {},
  });
});
