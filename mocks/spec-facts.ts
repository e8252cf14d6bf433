/**
 * Values the mock takes from spec/openapi.yaml rather than restating: page-size limits,
 * statuses, the deprecation date and sunset, and the statuses each operation documents.
 */
import { nodeAt } from '../spec/decisions.ts';
import { openapiDocument } from '../spec/document.gen.ts';
import type { components } from '../spec/types.gen.ts';

const at = (pointer: string): unknown => {
  const node = nodeAt(openapiDocument, pointer);
  if (node === undefined) throw new Error(`spec/openapi.yaml has nothing at ${pointer}`);
  return node;
};

const limitSchema = at('/components/parameters/Limit/schema') as Record<string, number>;

/** `limit` bounds and default of listPets, from the Limit parameter. */
export const LIMIT = {
  min: Number(limitSchema.minimum),
  max: Number(limitSchema.maximum),
  default: Number(limitSchema.default),
} as const;

/** The allowed values of PetStatus. */
export const PET_STATUSES = at('/components/schemas/PetStatus/enum') as readonly string[];

/** A pet's status. */
export type PetStatus = components['schemas']['PetStatus'];

/** The status a created pet gets when none is sent (NewPet.status default). */
export const DEFAULT_STATUS = (
  at('/components/schemas/NewPet/properties/status/allOf/0') as { default: PetStatus }
).default;

const getPet = at('/paths/~1pets~1{petId}/get') as Record<string, unknown>;
const deprecatedSince = (getPet['x-deprecated-since'] as { value: string }).value;

/** RFC 9745 `Deprecation` value of getPet: `@` and the unix seconds of x-deprecated-since. */
export const DEPRECATION = `@${Date.parse(`${deprecatedSince}T00:00:00Z`) / 1000}`;

/** RFC 8594 `Sunset` value of getPet, the spec's Sunset header constant. */
export const SUNSET = (at('/components/headers/Sunset/schema') as { const: string }).const;

/** The operations of the mock, by operationId. */
export type OperationId = 'listPets' | 'createPet' | 'getPet';

const responsesOf = (pointer: string) =>
  new Set(Object.keys(at(`${pointer}/responses`) as object).map(Number));

/** The statuses each operation documents, for `Prefer: code=NNN`. */
export const DOCUMENTED_STATUSES: Readonly<Record<OperationId, ReadonlySet<number>>> = {
  listPets: responsesOf('/paths/~1pets/get'),
  createPet: responsesOf('/paths/~1pets/post'),
  getPet: responsesOf('/paths/~1pets~1{petId}/get'),
};

/** Largest accepted request body in bytes (spec: PayloadTooLarge, "over 64 KiB"). */
export const MAX_BODY_BYTES = 64 * 1024;
