/**
 * The @msw/data collection's schema: a Standard Schema (`~standard`) over the spec's
 * `Pet`, validated by spec/validation.ts, so the record shape is never restated (a name's
 * length excepted: a profile may declare its own limit, which createPet holds).
 */
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { openapiDocument, required } from '../../spec/document.ts';
import type { Pet as SpecPet } from '../../spec/types.ts';
import { specValidator } from '../../spec/validation.ts';
import type { PetId } from './ids.ts';

/** A stored animal: the spec's `Pet`, with ids that may be bigints above 2^53. */
export type Pet = Omit<SpecPet, 'id' | 'categoryId'> & { id: PetId; categoryId: PetId };

/** The property names of the spec's Pet. */
export const PET_PROPERTIES: ReadonlySet<string> = new Set(
  Object.keys(required(openapiDocument, '/components/schemas/Pet').properties as object),
);

/** Returns the spec's complaints about a value as a Pet (empty when it is one). */
export function petIssues(value: unknown, root = 'pet'): string[] {
  return specValidator('strict')
    .validate('#/components/schemas/Pet', value, root)
    .map((i) => i.message);
}

/** Standard Schema for the `Pet` records of the store's collection. */
export const petSchema: StandardSchemaV1<Pet, Pet> = {
  '~standard': {
    version: 1,
    vendor: 'petstore-spec',
    validate(value) {
      // A profile may declare names longer than the spec's 255; createPet checked the length.
      const issues = specValidator('strict')
        .validate('#/components/schemas/Pet', value, 'pet')
        .filter((issue) => !(issue.keyword === 'maxLength' && issue.path === 'name'));
      if (issues.length === 0) return { value: value as Pet };
      return { issues: issues.map((issue) => ({ message: issue.message, path: [issue.path] })) };
    },
  },
};
