import { getResponse } from 'msw';
import { expect, it } from 'vitest';
import { DEFAULT_API_KEY } from '../core/defaults.ts';
import { createHandlers } from '../core/handlers.ts';
import { createStore } from '../core/store.ts';
import { besideTransport, carryBodiesBeside, textBeside } from './bodies-beside.ts';

const init = { status: 200, headers: { 'content-type': 'application/json' } };

it('gives an unmarked request an ordinary response with its body inside', async () => {
  const request = new Request('http://localhost/v1/pets');
  const response = besideTransport.respond(request, '{"a":1}', init);
  expect(await response.text()).toBe('{"a":1}');
  expect(textBeside(response)).toBeUndefined();
  expect(besideTransport.respond(undefined, 'x', init).body).not.toBeNull();
});

it('carries the text beside an empty response for a marked request', () => {
  const request = new Request('http://localhost/v1/pets');
  carryBodiesBeside(request);
  const response = besideTransport.respond(request, '{"a":1}', init);
  expect(response.body).toBeNull();
  expect(textBeside(response)).toBe('{"a":1}');
  expect(response.headers.get('content-type')).toBe('application/json');
});

it('reads a carried request body, else the request its own', async () => {
  const carried = new Request('http://localhost/v1/pets', { method: 'POST' });
  carryBodiesBeside(carried, new TextEncoder().encode('{"x":1}'));
  expect(new TextDecoder().decode(await besideTransport.readBody(carried))).toBe('{"x":1}');
  const own = new Request('http://localhost/v1/pets', { method: 'POST', body: '{"y":2}' });
  expect(new TextDecoder().decode(await besideTransport.readBody(own))).toBe('{"y":2}');
});

it('answers the same through the handlers with either transport', async () => {
  const store = createStore({ seedCount: 3 });
  await store.ready;
  const ordinaryHandlers = createHandlers({ store });
  const besideHandlers = createHandlers({ store, transport: besideTransport });
  const ask = () =>
    new Request('http://localhost/v1/pets/2', {
      headers: { authorization: `Bearer ${DEFAULT_API_KEY}` },
    });
  const ordinary = (await getResponse(ordinaryHandlers, ask())) as Response;
  const marked = ask();
  carryBodiesBeside(marked);
  const beside = (await getResponse(besideHandlers, marked)) as Response;
  expect(beside.status).toBe(ordinary.status);
  expect([...beside.headers]).toEqual([...ordinary.headers]);
  expect(textBeside(beside)).toBe(await ordinary.text());
  expect(JSON.parse(textBeside(beside) as string)).toMatchObject({ id: 2 });
});
