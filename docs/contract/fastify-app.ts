/** A Pet Store app on Fastify: the three operations under /v1, a bearer key, Error bodies. */
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import {
  ApiError,
  asApiError,
  PetStore,
  readListQuery,
  readNewPet,
  readPetId,
  requireKey,
} from './pets.ts';

/** Any error as the interface's Error body; Fastify's own refusals (a path too long) keep their status. */
function refuse(error: Error & { statusCode?: number }, reply: FastifyReply): FastifyReply {
  const own = error.statusCode && error.statusCode < 500;
  const { status, body } = asApiError(
    own ? new ApiError(error.statusCode as number, 'bad_request', error.message) : error,
  );
  return reply.code(status).send(body);
}

/** Creates the app, accepting `apiKey`; `inject` answers a request without a socket. */
export function createFastifyApp({ apiKey }: { apiKey: string }): FastifyInstance {
  const store = new PetStore();
  const app = Fastify({ frameworkErrors: (error, _request, reply) => refuse(error, reply) });
  app.setErrorHandler((error: Error, _request, reply) => refuse(error, reply));
  app.setNotFoundHandler(() => {
    throw new ApiError(404, 'not_found', 'no such route');
  });
  // Bodies as bytes, whatever their type: readNewPet says what is wrong with one.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/v1/')) requireKey(request.headers.authorization, apiKey);
  });
  const query = (url: string) => new URL(url, 'http://localhost').searchParams;
  app.get('/v1/pets', async (request) => store.list(readListQuery(query(request.url))));
  app.post('/v1/pets', async (request, reply) =>
    reply
      .code(201)
      .send(
        store.create(
          readNewPet(
            (request.body as Buffer | undefined) ?? new Uint8Array(),
            request.headers['content-type'],
          ),
        ),
      ),
  );
  app.get<{ Params: { petId: string } }>('/v1/pets/:petId', async (request) =>
    store.get(readPetId(request.params.petId)),
  );
  return app;
}
