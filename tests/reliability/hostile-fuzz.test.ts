import fc from 'fast-check';
import { expect, it } from 'vitest';
import { DEFAULT_API_KEY } from '../../mocks/core/defaults.ts';
import { authArb, bodyArb, contentTypeArb, METHODS, ODD_PATHS, pathArb } from './arbitraries.ts';
import { AUTH, expectAlive, rawRequest, sendRaw, storeSnapshot } from './http-client.ts';
import { prototypeFingerprint, useMockServer } from './in-process.ts';

const mock = useMockServer();

// Replay a failure with the seed and path fast-check prints.
const SEED = 20_261_122;
const VALID_AUTH = new RegExp(`^bearer ${DEFAULT_API_KEY}$`, 'i');

// The path the mock routes on: the request target resolved like a URL (dot segments removed).
const routedPath = (target: string) => URL.parse(`http://127.0.0.1${target}`)?.pathname ?? '';
const isUnderV1 = (target: string) => routedPath(target).startsWith('/v1/');
// The /__mock/ controls are keyless by design (docs/security.md), so only the rest must not leak.
const isControl = (target: string) => routedPath(target).startsWith('/__mock/');
const leaksPets = (target: string, text: string) =>
  !isControl(target) && text.includes('"categoryId"');

it('answers fuzzed requests with no 5xx, no leak without a key, and no change when rejecting', async () => {
  const fingerprint = prototypeFingerprint();
  let before = await storeSnapshot(mock.origin());
  const request = fc.record({
    method: fc.constantFrom(...METHODS),
    path: pathArb,
    authorization: authArb,
    contentType: contentTypeArb,
    body: bodyArb,
  });
  await fc.assert(
    fc.asyncProperty(request, async ({ method, path, authorization, contentType, body }) => {
      const headers: Record<string, string> = {};
      if (authorization !== undefined) headers.Authorization = authorization;
      if (contentType !== undefined) headers['Content-Type'] = contentType;
      const reply = await sendRaw(mock.origin(), rawRequest(method, path, headers, body));
      const label = `${method} ${path}`;
      expect(reply.status, label).toBeDefined();
      expect(reply.status, label).toBeLessThan(500);
      const authorised = authorization !== undefined && VALID_AUTH.test(authorization);
      // Fetch cannot represent TRACE, so the adapter refuses it (405) before authentication.
      if (!authorised && isUnderV1(path) && method !== 'OPTIONS') {
        expect(reply.status, label).toBe(method === 'TRACE' ? 405 : 401);
      }
      if (!authorised) expect(leaksPets(path, reply.text), label).toBe(false);
      const after = await storeSnapshot(mock.origin());
      if ((reply.status ?? 0) >= 300) expect(after, label).toBe(before);
      before = after;
      expect(prototypeFingerprint(), label).toBe(fingerprint);
      expect(({} as Record<string, unknown>).polluted, label).toBeUndefined();
    }),
    { seed: SEED, numRuns: 300, endOnFailure: true },
  );
  await expectAlive(mock.origin());
});

it('answers fuzzed createPet bodies with 201 or a 4xx, storing only what it acknowledges', async () => {
  const fingerprint = prototypeFingerprint();
  let before = await storeSnapshot(mock.origin());
  const request = fc.record({ contentType: contentTypeArb, body: bodyArb });
  await fc.assert(
    fc.asyncProperty(request, async ({ contentType, body }) => {
      const headers: Record<string, string> = { ...AUTH };
      if (contentType !== undefined) headers['Content-Type'] = contentType;
      const reply = await sendRaw(mock.origin(), rawRequest('POST', '/v1/pets', headers, body));
      expect(reply.status).toBeGreaterThanOrEqual(200);
      expect(reply.status).toBeLessThan(500);
      const after = await storeSnapshot(mock.origin());
      if (reply.status !== 201) expect(after).toBe(before);
      else expect(JSON.parse(after).count).toBe(JSON.parse(before).count + 1);
      before = after;
      expect(prototypeFingerprint()).toBe(fingerprint);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }),
    { seed: SEED, numRuns: 200, endOnFailure: true },
  );
});

it('answers every method on every odd path, with and without a key, without a 5xx', async () => {
  const before = await storeSnapshot(mock.origin());
  for (const path of ODD_PATHS.filter((p) => !p.startsWith('/__mock'))) {
    for (const method of METHODS.filter((m) => m !== 'POST')) {
      for (const headers of [{}, { ...AUTH }]) {
        const reply = await sendRaw(mock.origin(), rawRequest(method, path, headers));
        expect(reply.status, `${method} ${path}`).toBeLessThan(500);
        if (!('authorization' in headers)) expect(leaksPets(path, reply.text), path).toBe(false);
      }
    }
  }
  expect(await storeSnapshot(mock.origin())).toBe(before);
  await expectAlive(mock.origin());
});

it('treats a repeated limit as one value or a 400, never a 5xx', async () => {
  const reply = await sendRaw(
    mock.origin(),
    rawRequest('GET', '/v1/pets?limit=1&limit=2', { ...AUTH }),
  );
  expect([200, 400]).toContain(reply.status);
  if (reply.status === 200)
    expect(reply.text.split('"categoryId"').length - 1).toBeLessThanOrEqual(2);
});

it('rejects invalid UTF-8 in the path, raw or percent-escaped, with a 4xx', async () => {
  const raw = Buffer.from([...Buffer.from('/v1/pets/'), 0xc3, 0x28, 0xff]).toString('latin1');
  for (const path of [raw, '/v1/pets/%C3%28%FF', '/v1/%C3%28/pets']) {
    for (const headers of [{}, { ...AUTH }]) {
      const reply = await sendRaw(mock.origin(), rawRequest('GET', path, headers));
      expect(reply.status, path).toBeGreaterThanOrEqual(400);
      expect(reply.status, path).toBeLessThan(500);
    }
  }
  await expectAlive(mock.origin());
});
