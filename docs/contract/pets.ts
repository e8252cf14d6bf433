/**
 * The Pet Store both example apps serve, kept in memory and free of any framework: the
 * pets, the reading of each operation's input, and the errors as the interface's Error.
 */

/** One of the statuses a pet takes. */
export type PetStatus = 'available' | 'pending' | 'sold';

/** A pet as the interface returns it. */
export type Pet = { id: number; name: string; categoryId: number; status: PetStatus };

/** A refused request: its status and the Error body that says why. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }

  /** The interface's Error object. */
  get body() {
    return { code: this.code, message: this.message, status: this.status };
  }
}

/** Any error as a status and an Error body: an ApiError as it is, anything else a 500. */
export const asApiError = (error: unknown): ApiError =>
  error instanceof ApiError ? error : new ApiError(500, 'internal_error', 'something went wrong');

const STATUSES: readonly string[] = ['available', 'pending', 'sold'];
const invalid = (message: string) => new ApiError(400, 'validation_failed', message);

/** Refuses a request whose Authorization header is not `Bearer <apiKey>`. */
export function requireKey(authorization: string | undefined, apiKey: string): void {
  if (authorization !== `Bearer ${apiKey}`)
    throw new ApiError(401, 'unauthorized', 'send Authorization: Bearer <API key>');
}

/** listPets' query: `limit` from 1 to 100 (default 20) and an optional `status`. */
export function readListQuery(query: URLSearchParams): { limit: number; status?: PetStatus } {
  const limit = query.get('limit') ?? '20';
  const status = query.get('status') ?? undefined;
  if (!/^\d{1,3}$/.test(limit) || Number(limit) < 1 || Number(limit) > 100)
    throw invalid(`limit must be an integer from 1 to 100, got "${limit}"`);
  if (status !== undefined && !STATUSES.includes(status))
    throw invalid(`status must be available, pending or sold, got "${status}"`);
  return { limit: Number(limit), status: status as PetStatus | undefined };
}

/** getPet's `petId`: an integer (a larger one than any pet's is simply not found). */
export function readPetId(text: string): number {
  if (!/^-?\d{1,19}$/.test(text)) throw invalid(`petId must be an integer, got "${text}"`);
  return Number(text);
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * createPet's body: JSON (by its Content-Type, in UTF-8), `name` and `categoryId` required,
 * `status` optional, nothing else.
 */
export function readNewPet(bytes: Uint8Array, contentType: string | undefined): Omit<Pet, 'id'> {
  if (!/^application\/([\w.-]+\+)?json\s*(;|$)/i.test(contentType ?? ''))
    throw new ApiError(415, 'unsupported_media_type', 'the body must be application/json');
  let body: unknown;
  try {
    body = JSON.parse(UTF8.decode(bytes));
  } catch {
    throw invalid('the body must be JSON in UTF-8');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw invalid('the body must be a JSON object');
  const { name, categoryId, status = 'available', ...rest } = body as Record<string, unknown>;
  const extra = Object.keys(rest)[0];
  if (extra !== undefined) throw invalid(`${extra} is not a field of a new pet`);
  if (typeof name !== 'string') throw invalid('name must be a string');
  // JSON.parse rounds beyond 2^53: this store knows the categories it can hold exactly.
  if (!Number.isSafeInteger(categoryId) || (categoryId as number) < 1)
    throw invalid(`categoryId must be an integer from 1 to ${Number.MAX_SAFE_INTEGER}`);
  if (typeof status !== 'string' || !STATUSES.includes(status))
    throw invalid('status must be available, pending or sold');
  return { name, categoryId: categoryId as number, status: status as PetStatus };
}

/** The pets, in creation order, with ids that only ever increase. */
export class PetStore {
  readonly #pets = new Map<number, Pet>();
  #lastId = 0;

  list({ limit, status }: { limit: number; status?: PetStatus }): Pet[] {
    const matching = [...this.#pets.values()].filter((pet) => !status || pet.status === status);
    return matching.slice(0, limit);
  }

  create(fields: Omit<Pet, 'id'>): Pet {
    const pet = { id: ++this.#lastId, ...fields };
    this.#pets.set(pet.id, pet);
    return pet;
  }

  get(id: number): Pet {
    const pet = this.#pets.get(id);
    if (!pet) throw new ApiError(404, 'not_found', `no pet has id ${id}`);
    return pet;
  }
}
