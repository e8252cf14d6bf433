/**
 * The names and shapes of the interface, taken from the types generated from the spec
 * (types.gen.ts), so no folder retypes them by hand.
 */
import type { components, operations } from './types.gen.ts';

/** The operations of the interface by their `operationId`: listPets, createPet, getPet. */
export type OperationId = keyof operations;

/** An animal as the interface's `Pet` schema describes it (ids as JSON numbers). */
export type Pet = components['schemas']['Pet'];

/** The creation payload, the interface's `NewPet` schema. */
export type NewPet = components['schemas']['NewPet'];

/** The body of every error response, the interface's `Error` schema. */
export type ErrorBody = components['schemas']['Error'];

/** The availability status of an animal. */
export type PetStatus = components['schemas']['PetStatus'];
