import { expect, it } from 'vitest';
import { allResponses } from '../spec/document.ts';
import { probeFor, probeHeaders, probes } from './probes.ts';

const documented = allResponses();

it('has a probe for every documented response of every operation', () => {
  const missing = documented
    .filter((r) => probeFor(r.operationId, r.status) === undefined)
    .map((r) => `${r.operationId} ${r.status}`);
  expect(missing).toEqual([]);
  expect(documented.length).toBe(24);
});

it('probes only responses the spec documents', () => {
  const known = new Set(documented.map((r) => `${r.operationId} ${r.status}`));
  const stray = probes.map((p) => `${p.operationId} ${p.status}`).filter((key) => !known.has(key));
  expect(stray).toEqual([]);
});

it('forces only 429, 500 and 503 with Prefer, which a foreign server cannot be made to send', () => {
  const forced = new Set(probes.filter((p) => p.prefer).map((p) => p.status));
  expect([...forced].sort()).toEqual([429, 500, 503]);
});

it('sends the bearer key, no key or a wrong key as the probe asks', () => {
  const [withKey, noKey, wrongKey] = [probeFor('listPets', 200), probes[5], probes[6]];
  expect(withKey && probeHeaders(withKey, 'k1').Authorization).toBe('Bearer k1');
  expect(noKey && probeHeaders(noKey, 'k1').Authorization).toBeUndefined();
  expect(wrongKey && probeHeaders(wrongKey, 'k1').Authorization).toMatch(/^Bearer (?!k1$)/);
});

it('sends a body over 64 KiB for 413 and a non-JSON media type for 415', () => {
  expect(probeFor('createPet', 413)?.body?.length).toBeGreaterThan(64 * 1024);
  expect(probeFor('createPet', 415)?.contentType).toBe('text/plain');
});
