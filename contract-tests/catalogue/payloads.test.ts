import fc from 'fast-check';
import { expect, it } from 'vitest';
import { createSchemaValidator } from '../../spec/validation.ts';
import { invalidNewPet, validNewPet } from './payloads.ts';

const NEW_PET = '#/components/schemas/NewPet';
const strict = createSchemaValidator('strict');
const loose = createSchemaValidator('interface');

it('generates interface-level valid payloads that even the strict spec accepts', () => {
  fc.assert(
    fc.property(validNewPet('interface', 'ct-x', 1), (body) => {
      expect(strict.validate(NEW_PET, body)).toEqual([]);
      expect(body.name.length).toBeLessThanOrEqual(50);
    }),
    { seed: 7, numRuns: 300 },
  );
});

it('generates strict-level valid payloads that the strict spec accepts', () => {
  fc.assert(
    fc.property(validNewPet('strict', 'ct-x', 1), (body) => {
      expect(strict.validate(NEW_PET, body)).toEqual([]);
    }),
    { seed: 7, numRuns: 300 },
  );
});

it('generates invalid payloads that the interface-level spec rejects', () => {
  const reasons = new Set<string>();
  fc.assert(
    fc.property(invalidNewPet('ct-x', 1), ({ why, body }) => {
      reasons.add(why.split(' is ')[0] ?? why);
      expect(loose.validate(NEW_PET, body), why).not.toEqual([]);
    }),
    { seed: 7, numRuns: 300 },
  );
  expect(reasons).toEqual(new Set(['name', 'categoryId', 'status', 'the body']));
});
