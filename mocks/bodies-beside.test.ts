import { getResponse } from 'msw';
import { expect, it } from 'vitest';
import { carryBodiesBeside, readBodyBytes, textBeside, textResponse } from './bodies-beside.ts';
import { DEFAULT_API_KEY } from './defaults.ts';
import { createHandlers } from './handlers.ts';
import { createStore } from './store.ts';

const init = { status: 200, headers: { 'content-type': 'application/json' } };

it('gives an unmarked request an ordinary response with its body inside', async () => {
  const request = new Request('http://localhost/v1/pets');
  const response = textResponse(request, '{"a":1}', init);
  expect(await response.text()).toBe('{"a":1}');
  expect(textBeside(response)).toBeUndefined();
  expect(textResponse(undefined, 'x', init).body).not.toBeNull();
});

it('carries the text beside an empty response for a marked request', () => {
  const request = new Request('http://localhost/v1/pets');
  carryBodiesBeside(request);
  const response = textResponse(request, '{"a":1}', init);
  expect(response.body).toBeNull();
  expect(textBeside(response)).toBe('{"a":1}');
  expect(response.headers.get('content-type')).toBe('application/json');
});

it('reads a carried request body, else the request its own', async () => {
  const carried = new Request('http://localhost/v1/pets', { method: 'POST' });
  carryBodiesBeside(carried, new TextEncoder().encode('{"x":1}'));
  expect(new TextDecoder().decode(await readBodyBytes(carried))).toBe('{"x":1}');
  const own = new Request('http://localhost/v1/pets', { method: 'POST', body: '{"y":2}' });
  expect(new TextDecoder().decode(await readBodyBytes(own))).toBe('{"y":2}');
});

it('answers the same through the handlers either way', async () => {
  const store = createStore({ seedCount: 3 });
  await store.ready;
  const handlers = createHandlers({ store });
  const ask = () =>
    new Request('http://localhost/v1/pets/2', {
      headers: { authorization: `Bearer ${DEFAULT_API_KEY}` },
    });
  const ordinary = (await getResponse(handlers, ask())) as Response;
  const marked = ask();
  carryBodiesBeside(marked);
  const beside = (await getResponse(handlers, marked)) as Response;
  expect(beside.status).toBe(ordinary.status);
  expect([...beside.headers]).toEqual([...ordinary.headers]);
  expect(textBeside(beside)).toBe(await ordinary.text());
  expect(JSON.parse(textBeside(beside) as string)).toMatchObject({ id: 2 });
});
