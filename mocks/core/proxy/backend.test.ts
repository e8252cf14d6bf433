import { expect, it } from 'vitest';
import { createStore } from '../store.ts';
import { backendUrl, notServedYet, outgoingHeaders, refuseEscapes } from './backend.ts';
import { maskedChunks, maskKey } from './mask.ts';

const BASE = 'http://backend.test:8080/api/v1';

it('puts the path after /v1 and the query under the backend base', () => {
  expect(backendUrl(BASE, 'http://127.0.0.1:4010/v1/pets?limit=5')).toBe(
    'http://backend.test:8080/api/v1/pets?limit=5',
  );
  expect(backendUrl(`${BASE}/`, 'http://127.0.0.1:4010/v1/pets/3')).toBe(
    'http://backend.test:8080/api/v1/pets/3',
  );
});

it.each([
  '/v1/pets/%2e%2e',
  '/v1/pets/%2E%2e/x',
  '/v1/pets/%252e%252e',
  '/v1/pets%2f..',
  '/v1/pets/..',
  '/v1//evil.test/pets',
  '/v1/pets\\..',
  '/v1/pets/%5c',
])('refuses %s, a way out of the base', (path) => {
  expect(() => refuseEscapes(path)).toThrow(/proxy mode/);
});

it('sends the backend key in place of the app’s, and drops hop-by-hop and session headers', () => {
  const sent = new Headers({
    authorization: 'Bearer app-key',
    connection: 'keep-alive, x-hop',
    'x-hop': '1',
    'x-mock-session': 's1',
    host: '127.0.0.1:4010',
    'x-trace': 't',
  });
  expect(outgoingHeaders(sent, 'backend-key')).toEqual([
    ['x-trace', 't'],
    ['authorization', 'Bearer backend-key'],
  ]);
  expect(outgoingHeaders(sent, undefined)).toContainEqual(['authorization', 'Bearer app-key']);
});

it('takes 501, 502-504 and a 404/405 without an Error body as not served yet', () => {
  expect(notServedYet(501)).toMatch(/501/);
  expect(notServedYet(503)).toMatch(/503/);
  expect(notServedYet(404, 'Cannot GET')).toMatch(/without an Error body/);
  expect(notServedYet(404, '{"code":"not_found","message":"no pet","status":404}')).toBe(undefined);
  expect(notServedYet(500)).toBeUndefined();
});

it('masks the key in a streamed body, a key split across chunks included', async () => {
  async function* pieces() {
    for (const piece of ['a k', 'ey1 b ke', 'y', '1 kk', 'ey1 k'])
      yield new TextEncoder().encode(piece);
  }
  let text = '';
  for await (const chunk of maskedChunks(pieces(), 'key1')) text += new TextDecoder().decode(chunk);
  expect(text).toBe('a [masked] b [masked] k[masked] k');
});

it('masks every occurrence of the key', () => {
  expect(maskKey('a k1 b k1', 'k1')).toBe('a [masked] b [masked]');
  expect(maskKey('abc', undefined)).toBe('abc');
});

it('keeps a backend’s animals with their ids, and creates above them afterwards', async () => {
  const store = createStore({ seedCount: 2 });
  await store.keep([{ id: 900, name: 'Far', categoryId: 1, status: 'sold' }]);
  expect(store.get(900)).toMatchObject({ name: 'Far' });
  const next = await store.create({ name: 'New', categoryId: 1 });
  expect(next.id).toBe(901);
});
