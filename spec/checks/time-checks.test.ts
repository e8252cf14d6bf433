import { expect, it } from 'vitest';
import type { Exchange } from './exchange.ts';
import { isExplaining } from './status-checks.ts';
import { idsAhead, notStillAbsent } from './time-checks.ts';

/** A getPet exchange answered with this status and body. */
const answered = (status: number, body: unknown): Exchange => ({
  url: 'http://127.0.0.1/v1/pets/8',
  request: { operation: 'getPet', method: 'GET', path: '/pets/8', headers: {} },
  response: { status, text: JSON.stringify(body), json: body, isJson: true, headers: {} },
});

it('reads the ids after the last one handed out, exactly and within int64', () => {
  expect(idsAhead(7, 3)).toEqual([8n, 9n, 10n]);
  expect(idsAhead(2n ** 53n + 1n, 1)).toEqual([2n ** 53n + 2n]);
  expect(idsAhead(2n ** 63n - 2n, 3)).toEqual([2n ** 63n - 1n]);
});

it('fails a 404 kept for an animal created since, explaining the status', () => {
  const pet = { id: 8, name: 'Rex', categoryId: 1, status: 'available' };
  const judge = notStillAbsent(pet);
  expect(isExplaining(judge)).toBe(true);
  expect(judge(answered(404, { code: 'not_found', message: 'm', status: 404 }))).toMatchObject({
    rule: 'get-found',
    title: 'An animal read as absent before its creation is still 404 once created',
  });
  expect(judge(answered(200, pet))).toBeUndefined();
});
