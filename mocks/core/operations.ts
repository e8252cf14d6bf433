/**
 * The three operations of the interface over the store, named after their operationIds.
 * Each returns a response or throws a MockError; pipeline.ts does the rest.
 */
import type { OperationId } from '../../spec/types.ts';
import { jsonResponse as json, MockError } from './errors.ts';
import { decodeCursor, encodeCursor, type PetId } from './ids.ts';
import type { Operation } from './pipeline.ts';
import { readCreationBody } from './request-body.ts';
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
      const input = checkNewPet(
        await readCreationBody(request, transport, answering.otherMediaTypes),
        answering,
      );
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
