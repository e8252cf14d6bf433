import { expect, it } from 'vitest';
import { nodeAt as at, type OpenApiDocument } from './document.ts';
import { documentAtLevel, listDecisions } from './levels.ts';

it('gives every decision an id and a one-line reason', () => {
  const decisions = listDecisions();
  expect(decisions.length).toBeGreaterThan(25);
  for (const { pointer, why, id } of decisions) {
    expect(id, pointer).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(why.length, pointer).toBeGreaterThan(20);
    expect(why, pointer).not.toContain('\n');
  }
});

it('marks each decision on the element it concerns, never in an allOf branch', () => {
  for (const { element, adds } of listDecisions()) {
    expect(element, 'an allOf branch carries x-decision').not.toMatch(/\/allOf\/\d+$/);
    const node = at(documentAtLevel('strict'), element) as Record<string, unknown>;
    for (const keyword of adds ?? [])
      expect(node, `${element} adds ${keyword}`).toHaveProperty(keyword);
  }
  expect(JSON.stringify(documentAtLevel('strict'))).not.toContain('"allOf"');
});

it('removes whole-element decisions, the $refs to them, added keywords and the annotations', () => {
  const stripped = documentAtLevel('interface');
  expect(listDecisions(stripped)).toEqual([]);
  expect(JSON.stringify(stripped)).not.toContain('ListValidationFailed');
  expect(JSON.stringify(stripped)).not.toContain('"x-decision":');
  expect(at(stripped, '/paths/~1pets/get/responses')).toHaveProperty('401');
  expect(at(stripped, '/paths/~1pets/get/responses')).not.toHaveProperty('400');
  expect(at(stripped, '/paths/~1pets~1{petId}/get/responses')).not.toHaveProperty('400');
  expect(at(stripped, '/components/schemas/PetName')).toEqual({
    type: 'string',
    description: "The animal's name.",
    example: 'Rex',
  });
  expect(at(stripped, '/components/schemas/NewPet')).not.toHaveProperty('additionalProperties');
  expect(at(stripped, '/components/schemas/NewPet/required')).toEqual(['name', 'categoryId']);
  expect(at(stripped, '/components/schemas/Error/properties/code')).not.toHaveProperty('enum');
  expect(at(stripped, '/paths/~1pets~1{petId}/get')).not.toHaveProperty('x-deprecated-since');
  expect(at(stripped, '/paths/~1pets~1{petId}/get/deprecated')).toBe(true);
});

it('keeps the interface rules at both levels', () => {
  const stripped = JSON.stringify(documentAtLevel('interface'));
  expect(stripped).toContain('"auth-401"');
  expect(stripped).toContain('"error-shape"');
});

it('keeps the document whole at the strict level and strips any document given', () => {
  expect(documentAtLevel('strict')).toBe(documentAtLevel('strict'));
  const doc = {
    a: { 'x-decision': { id: 'a', why: 'the whole element is ours, for a test' } },
    b: { $ref: '#/a' },
    c: {
      minimum: 1,
      type: 'integer',
      'x-decision': { id: 'c', why: 'only the minimum', adds: ['minimum'] },
    },
    d: [{ $ref: '#/a' }, 1],
  } as unknown as OpenApiDocument;
  expect(documentAtLevel('interface', doc)).toEqual({ c: { type: 'integer' }, d: [1] });
});
