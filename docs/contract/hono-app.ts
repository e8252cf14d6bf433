/** A Pet Store app on Hono: the three operations under /v1, a bearer key, Error bodies. */
import { type Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  ApiError,
  asApiError,
  PetStore,
  readListQuery,
  readNewPet,
  readPetId,
  requireKey,
} from './pets.ts';

/** Any error as the interface's Error body, with its status. */
function refuse(c: Context, error: unknown): Response {
  const { status, body } = asApiError(error);
  return c.json(body, status as ContentfulStatusCode);
}

/** Creates the app, accepting `apiKey`; its `fetch` answers a Request with a Response. */
export function createHonoApp({ apiKey }: { apiKey: string }): Hono {
  const store = new PetStore();
  const app = new Hono();
  app.use('/v1/*', async (c, next) => {
    requireKey(c.req.header('authorization'), apiKey);
    await next();
  });
  app.get('/v1/pets', (c) => c.json(store.list(readListQuery(new URL(c.req.url).searchParams))));
  app.post('/v1/pets', async (c) => {
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    return c.json(store.create(readNewPet(bytes, c.req.header('content-type'))), 201);
  });
  app.get('/v1/pets/:petId', (c) => c.json(store.get(readPetId(c.req.param('petId')))));
  app.notFound((c) => refuse(c, new ApiError(404, 'not_found', `no route ${c.req.path}`)));
  app.onError((error, c) => refuse(c, error));
  return app;
}
