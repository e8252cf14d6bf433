/**
 * The three operations of the interface over the store, named after their operationIds.
 * Each returns a response or throws a MockError; pipeline.ts does the rest.
 */
import { MAX_BODY_BYTES } from '../../spec/constants.ts';
import { parseJson } from '../../spec/json.ts';
import type { OperationId } from '../../spec/types.ts';
import { jsonResponse as json, MockError } from './errors.ts';
import { decodeCursor, encodeCursor, type PetId } from './ids.ts';
import type { Operation } from './pipeline.ts';
import { rawPetId } from './request-match.ts';
import type { BodyTransport } from './transport.ts';
import {
  checkCursorShape,
  checkNewPet,
  parseLimit,
  parsePetId,
  parseStatus,
  unusableCursor,
} from './validate.ts';

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** Whether a Content-Type is JSON (`application/json`, `application/problem+json`, …). */
export const isJsonMediaType = (type: string | null): boolean =>
  type !== null && JSON_MEDIA_TYPE.test(type);

const utf8 = new TextDecoder('utf-8', { fatal: true });

const tooLarge = () =>
  new MockError(413, 'payload_too_large', `request body must be at most ${MAX_BODY_BYTES} bytes`);

/** Reads a JSON request body: 413 over the size limit, 400 when it is not JSON. */
async function readJsonBody(request: Request, transport: BodyTransport): Promise<unknown> {
  if (Number(request.headers.get('content-length')) > MAX_BODY_BYTES) throw tooLarge();
  const type = request.headers.get('content-type');
  if (!isJsonMediaType(type)) {
    const got = type === null ? 'no Content-Type' : JSON.stringify(type);
    throw new MockError(
      415,
      'unsupported_media_type',
      `Content-Type must be application/json, got ${got}`,
    );
  }
  const bytes = await transport.readBody(request);
  if (bytes.byteLength > MAX_BODY_BYTES) throw tooLarge();
  try {
    return parseJson(utf8.decode(bytes));
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'not UTF-8';
    throw new MockError(400, 'malformed_json', `request body is not valid JSON: ${reason}`);
  }
}

/** Creates listPets, createPet and getPet, answering through `transport`. */
export function createOperations(transport: BodyTransport): Record<OperationId, Operation> {
  const jsonResponse = (
    status: number,
    body: unknown,
    headers: Record<string, string>,
    request: Request,
  ) => json(status, body, headers, request, transport);
  return {
    async listPets(request, headers, { store, answering }) {
      const url = new URL(request.url);
      const query = url.searchParams;
      const limit = parseLimit(query.get('limit'), answering.outOfRangeLimit);
      const status = parseStatus(query.get('status'));
      // Without Link pages a cursor is one more unknown query parameter, ignored.
      const cursor = answering.pagination === 'link' ? query.get('cursor') : null;
      let after: PetId | undefined;
      if (cursor !== null) {
        checkCursorShape(cursor);
        after = decodeCursor(cursor);
        if (after === undefined) throw unusableCursor(cursor);
      }
      const page = store.page(status, after, limit, answering.order);
      if (page === undefined) throw unusableCursor(cursor ?? '');
      if (page.continueAfter === undefined || answering.pagination === 'none')
        return jsonResponse(200, page.pets, headers, request);
      const filter = status === undefined ? '' : `&status=${status}`;
      const next = `${url.origin}${url.pathname}?limit=${limit}${filter}&cursor=${encodeCursor(page.continueAfter)}`;
      return jsonResponse(200, page.pets, { ...headers, link: `<${next}>; rel="next"` }, request);
    },

    async createPet(request, headers, { store, answering }) {
      const input = checkNewPet(await readJsonBody(request, transport), answering);
      const pet = await store.create(input, answering.defaultStatus);
      const { pathname } = new URL(request.url);
      return jsonResponse(201, pet, { ...headers, location: `${pathname}/${pet.id}` }, request);
    },

    async getPet(request, headers, { store }) {
      const id = parsePetId(rawPetId(request.url));
      const pet = store.get(id);
      if (pet === undefined) throw new MockError(404, 'not_found', `no pet with id ${id}`);
      return jsonResponse(200, pet, headers, request);
    },
  };
}
