/**
 * The probe written beside each generator's output: the same six types under common names
 * (each generator names and nests them its own way), and lines a frontend would write with them.
 */
import type { Generator } from './generate.ts';

/** The types every generator must produce plainly, under the names the probe gives them. */
export const PROBED = [
  'PetStatus',
  'Pet',
  'NewPet',
  'Error',
  'ListPetsQuery',
  'GetPetPath',
] as const;

/** One of the probed types. */
export type Probed = (typeof PROBED)[number];

const QUERY_PICK = `'limit' | 'status'`;

// Where each generator puts the probed types; only `limit` and `status` of listPets' query
// are probed (`cursor` is a decision, absent at the interface level).
const TYPES: Record<Generator, { from: string; names: Record<Probed, string> }> = {
  'hey-api': {
    from: './petstore/types.gen',
    names: {
      PetStatus: 'G.PetStatus',
      Pet: 'G.Pet',
      NewPet: 'G.NewPet',
      Error: 'G.Error',
      ListPetsQuery: `Pick<NonNullable<G.ListPetsData['query']>, ${QUERY_PICK}>`,
      GetPetPath: `G.GetPetData['path']`,
    },
  },
  orval: {
    from: './petstore',
    names: {
      PetStatus: 'G.PetStatus',
      Pet: 'G.Pet',
      NewPet: 'G.NewPet',
      Error: 'G.Error',
      ListPetsQuery: `Pick<G.ListPetsParams, ${QUERY_PICK}>`,
      // orval takes path parameters as positional arguments.
      GetPetPath: '{ petId: Parameters<typeof G.getPet>[0] }',
    },
  },
  'openapi-typescript': {
    from: './petstore',
    names: {
      PetStatus: `G.components['schemas']['PetStatus']`,
      Pet: `G.components['schemas']['Pet']`,
      NewPet: `G.components['schemas']['NewPet']`,
      Error: `G.components['schemas']['Error']`,
      ListPetsQuery: `Pick<NonNullable<G.operations['listPets']['parameters']['query']>, ${QUERY_PICK}>`,
      GetPetPath: `G.operations['getPet']['parameters']['path']`,
    },
  },
};

// What a frontend writes first; each @ts-expect-error must meet an error or tsc reports it unused.
const USAGE = `
export const withoutStatus: NewPet = { name: 'Rex', categoryId: 1 };
export const withStatus: NewPet = { name: 'Mittens', categoryId: 2, status: 'pending' };
// @ts-expect-error name is required
export const nameless: NewPet = { categoryId: 1 };
// @ts-expect-error categoryId is required
export const uncategorised: NewPet = { name: 'Rex' };
// @ts-expect-error status is one of PetStatus
export const lost: NewPet = { name: 'Rex', categoryId: 1, status: 'lost' };
export const idOf = (pet: Pet): number => pet.id;
export const nameOf = (pet: Pet): string => pet.name;
export const statusOf = (pet: Pet): PetStatus | undefined => pet.status;
// @ts-expect-error status is optional on Pet
export const surelyStatus = (pet: Pet): PetStatus => pet.status;
export const failure = (error: Error): [string, string, number] => [error.code, error.message, error.status];
export const query: ListPetsQuery = { limit: 10, status: 'available' };
// @ts-expect-error limit is a number
export const textLimit: ListPetsQuery = { limit: '10' };
export const path: GetPetPath = { petId: 1 };
// @ts-expect-error petId is a number
export const textId: GetPetPath = { petId: '1' };
`;

/** The probe module for a generator's output in the same folder. */
export function probeSource(generator: Generator): string {
  const { from, names } = TYPES[generator];
  const aliases = PROBED.map((name) => `export type ${name} = ${names[name]};`);
  return [`import type * as G from '${from}';`, '', ...aliases, USAGE].join('\n');
}
