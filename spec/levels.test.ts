import { expect, it } from 'vitest';
import { nodeAt as at, openapiDocument } from './document.ts';
import { documentAtLevel, listDecisions } from './levels.ts';

it('marks every decision with a one-line reason', () => {
  const decisions = listDecisions(openapiDocument);
  expect(decisions.length).toBeGreaterThan(15);
  for (const { pointer, reason } of decisions) {
    expect(reason.length, pointer).toBeGreaterThan(20);
    expect(reason, pointer).not.toContain('\n');
  }
});

it('marks each gap DECISIONS.md fills that a spec can express', () => {
  const marked = listDecisions(openapiDocument).map((d) => d.pointer);
  for (const pointer of [
    '/components/parameters/Cursor',
    '/components/headers/NextLink',
    '/components/headers/Deprecation',
    '/components/headers/Sunset',
    '/components/headers/SuccessorLink',
    '/components/headers/WwwAuthenticate',
    '/components/responses/ListValidationFailed',
    '/components/responses/MethodNotAllowed',
    '/components/responses/PayloadTooLarge',
    '/components/responses/UnsupportedMediaType',
    '/components/responses/RateLimited',
    '/components/responses/InternalError',
    '/components/responses/ServiceUnavailable',
    '/components/schemas/PetName/allOf/0',
    '/components/schemas/CategoryId/allOf/0',
    '/components/schemas/NewPet/allOf/0',
    '/components/schemas/NewPet/properties/status/allOf/0',
    '/components/schemas/Error/properties/code/allOf/0',
    '/paths/~1pets~1{petId}/get/responses/400',
  ]) {
    expect(marked).toContain(pointer);
  }
});

it('strips every decision, and what points at one, at the interface level', () => {
  const stripped = documentAtLevel('interface');
  expect(listDecisions(stripped)).toEqual([]);
  expect(JSON.stringify(stripped)).not.toContain('ListValidationFailed');
  expect(at(stripped, '/paths/~1pets/get/responses')).toHaveProperty('401');
  expect(at(stripped, '/paths/~1pets/get/responses')).not.toHaveProperty('400');
  expect(at(stripped, '/components/schemas/PetName')).not.toHaveProperty('allOf');
  expect(at(stripped, '/components/schemas/NewPet/required')).toEqual(['name', 'categoryId']);
});

it('keeps the document whole at the strict level', () => {
  expect(documentAtLevel('strict')).toBe(openapiDocument);
});
