import { expect, it } from 'vitest';
import { coverageTable } from './coverage.ts';

const log = [
  { operation: 'listPets', method: 'GET', status: 200 },
  { operation: 'listPets', method: 'GET', status: 200 },
  { operation: 'listPets', method: 'GET', status: 400 },
  { operation: 'getPet', method: 'GET', status: 404 },
  { operation: 'other', method: 'DELETE', status: 405 },
];

it('counts responses per operation and documented status, naming what each other one was', () => {
  const table = coverageTable(
    [
      ...log,
      { operation: 'getPet', method: 'GET', status: 422 },
      { operation: 'createPet', method: 'POST', status: 500 },
      { operation: 'createPet', method: 'POST', status: 301 },
      { operation: 'createPet', method: 'POST', status: 200 },
    ],
    'interface',
  );
  expect(table).toContain('listPets   200: 2 | 400 (refusal): 1 | 401: 0');
  expect(table).toContain('getPet     200: 0 | 401: 0 | 404: 1 | 422 (refusal): 1');
  expect(table).toContain(
    'createPet  200 (undocumented): 1 | 201: 0 | 301 (redirect): 1 | 400: 0 | 401: 0 | 500 (server error): 1',
  );
  expect(table).toContain('(refusal: a 4xx the level does not list');
  expect(coverageTable([], 'interface')).not.toContain('(refusal:');
});

it('counts responses per operation and documented status', () => {
  const table = coverageTable(log, 'interface');
  expect(table).toContain('createPet  201: 0 | 400: 0 | 401: 0');
  expect(table).toContain('getPet     200: 0 | 401: 0 | 404: 1');
  expect(table).toContain('other requests (routes and methods outside the operations): 1');
});

it('lists the decisions\u2019 statuses as documented at strict level', () => {
  expect(coverageTable(log, 'strict')).toContain('listPets   200: 2 | 400: 1 | 401: 0 | 405: 0');
});

it('says how many requests were throttled and sent again', () => {
  const throttled = [...log, { operation: 'getPet', method: 'GET', status: 200, throttled: 2 }];
  expect(coverageTable(throttled, 'interface')).toContain(
    'throttled: 1 request got 429 first and was sent again',
  );
  expect(coverageTable(log, 'interface')).not.toContain('throttled');
});
