import { expect, it } from 'vitest';
import {
  allResponses,
  nodeAt,
  operations,
  parameters,
  pointer,
  requestBodySchema,
  resolve,
  response,
} from './document.ts';
import { documentAtLevel } from './levels.ts';

it('lists the three operations with their methods, paths and pointers', () => {
  expect(operations().map((op) => [op.operationId, op.method, op.path, op.deprecated])).toEqual([
    ['listPets', 'GET', '/pets', false],
    ['createPet', 'POST', '/pets', false],
    ['getPet', 'GET', '/pets/{petId}', true],
  ]);
  expect(operations()[2]?.pointer).toBe('/paths/~1pets~1{petId}/get');
});

it('reads pointers with escaped keys and follows $refs to where a node really sits', () => {
  expect(pointer('paths', '/pets/{petId}', 'get')).toBe('/paths/~1pets~1{petId}/get');
  expect(nodeAt({ 'a/b': { 'c~d': 1 } }, '/a~1b/c~0d')).toBe(1);
  expect(resolve(undefined, '/x')).toBeUndefined();
  expect(resolve({}, '/nothing')).toBeUndefined();
  expect(resolve(documentAtLevel('strict'), '/paths/~1pets/get/responses/401')?.pointer).toBe(
    '/components/responses/Unauthorized',
  );
});

it('describes a response: its body schema, its headers and which are required', () => {
  const created = response('createPet', 201);
  expect(created?.schema).toBe('#/components/schemas/Pet');
  expect(created?.headers).toEqual([
    {
      name: 'Location',
      pointer: '/components/headers/Location',
      schema: '#/components/headers/Location/schema',
      required: true,
    },
  ]);
  expect(response('createPet', 299)).toBeUndefined();
});

it('lists the parameters of an operation, $refs followed', () => {
  expect(parameters('listPets').map((p) => [p.name, p.in, p.required])).toEqual([
    ['limit', 'query', false],
    ['status', 'query', false],
    ['cursor', 'query', false],
  ]);
  expect(parameters('getPet')[0]?.schema).toBe('#/components/parameters/PetId/schema');
  expect(requestBodySchema('createPet')).toBe('#/components/schemas/NewPet');
  expect(requestBodySchema('listPets')).toBeUndefined();
});

it('sees fewer responses at the interface level than at the strict level', () => {
  const strict = allResponses(documentAtLevel('strict'));
  const loose = allResponses(documentAtLevel('interface'));
  expect(strict.length).toBeGreaterThan(loose.length);
  expect(loose.map((r) => `${r.operationId} ${r.status}`)).toEqual([
    'listPets 200',
    'listPets 401',
    'createPet 201',
    'createPet 400',
    'createPet 401',
    'getPet 200',
    'getPet 401',
    'getPet 404',
  ]);
});
