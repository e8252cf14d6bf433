/**
 * Facts of the interface that code needs as values, read from spec/openapi.yaml (never
 * restated): the base path, page-size limits, statuses, getPet's deprecation dates, the
 * default status of a new animal, the request size limit and the documented response headers.
 */
import { allResponses, openapiDocument, operation, required } from './document.ts';
import type { PetStatus } from './types.ts';

/** The path every operation sits under, from the spec's first server URL (`/v1`). */
export const BASE_PATH = new URL(
  String((openapiDocument.servers as { url: string }[])[0]?.url),
).pathname.replace(/\/+$/, '');

const limit = required(openapiDocument, '/components/parameters/Limit/schema');

/** `limit` bounds and default of listPets, from the Limit parameter. */
export const LIMIT = {
  min: Number(limit.minimum),
  max: Number(limit.maximum),
  default: Number(limit.default),
} as const;

/** The allowed values of PetStatus, in the spec's order. */
export const PET_STATUSES = required(openapiDocument, '/components/schemas/PetStatus')
  .enum as readonly PetStatus[];

/** The status a created pet gets when none is sent (decision `default-status`; constants.test.ts). */
export const DEFAULT_STATUS: PetStatus = 'available';

const getPet = operation('getPet').node;
const deprecatedSince = String(getPet['x-deprecated-since']);

/** RFC 9745 `Deprecation` value of getPet: `@` and the unix seconds of x-deprecated-since. */
export const DEPRECATION = `@${Date.parse(`${deprecatedSince}T00:00:00Z`) / 1000}`;

/** RFC 8594 `Sunset` value of getPet, the spec's Sunset header constant. */
export const SUNSET = String(required(openapiDocument, '/components/headers/Sunset/schema').const);

/** Largest accepted request body in bytes (PayloadTooLarge: "over 64 KiB"; constants.test.ts). */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Every header a documented response carries, in document order, once each: what a page on
 * another origin must be able to read (CORS `Access-Control-Expose-Headers`, decision `cors`).
 */
export const RESPONSE_HEADERS: readonly string[] = [
  ...new Set(allResponses().flatMap((r) => r.headers.map((header) => header.name))),
];

/** The longest name accepted, in characters (decision `name-limits`, PetName's maxLength). */
export const NAME_MAX_LENGTH = Number(
  required(openapiDocument, '/components/schemas/PetName').maxLength,
);
