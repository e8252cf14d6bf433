import { expect, it } from 'vitest';
import type { Exchange } from './exchange.ts';
import { isExplaining } from './status-checks.ts';
import { jsonType, wrongTypeNotConverted } from './type-checks.ts';

/** A createPet exchange answered with this status and pet. */
const answered = (status: number, pet: Record<string, unknown>): Exchange => ({
  url: 'http://127.0.0.1/v1/pets',
  request: { operation: 'createPet', method: 'POST', path: '/pets', headers: {} },
  response: { status, text: JSON.stringify(pet), json: pet, isJson: true, headers: {} },
});

it('names the JSON type of every value, bigints as numbers', () => {
  expect([1, 2n, '1', true, null, [1], {}].map(jsonType)).toEqual([
    'a number',
    'a number',
    'a string',
    'a boolean',
    'null',
    'an array',
    'an object',
  ]);
});

it('fails a wrong type converted into a valid value, explaining the 201', () => {
  const sent = { name: 'Rex', categoryId: 1, status: 0 };
  const judge = wrongTypeNotConverted(sent);
  expect(isExplaining(judge)).toBe(true);
  const failure = judge(answered(201, { id: 7, name: 'Rex', categoryId: 1, status: 'available' }));
  expect(failure).toMatchObject({
    rule: 'create-400',
    title: 'A status of the wrong type converted and stored',
  });
  expect(failure?.message).toContain('"available" (a string) for 0 (a number) sent');
  const bool = wrongTypeNotConverted({ name: 'Rex', categoryId: true });
  expect(bool(answered(201, { id: 8, name: 'Rex', categoryId: 1 }))?.title).toBe(
    'A categoryId of the wrong type converted and stored',
  );
});

it('leaves a refusal, and a value stored with the type it was sent in, to the status check', () => {
  const judge = wrongTypeNotConverted({ name: 'Rex', categoryId: '5' });
  expect(judge(answered(400, { code: 'x', message: 'm', status: 400 }))).toBeUndefined();
  expect(judge(answered(201, { id: 1, name: 'Rex', categoryId: '5' }))).toBeUndefined();
});
