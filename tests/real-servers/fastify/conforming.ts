/**
 * The Pet Store as a Fastify team finishes it: every error is the interface's Error object
 * (Fastify's validation errors, 415 and unknown routes included), 401 on a missing or invalid
 * bearer key, 400 for invalid input. Where the interface is silent it keeps Fastify's ways:
 * the query and petId coerced by its default Ajv (petId read as JavaScript's Number reads
 * " 1", "0x10" or "1e2"), its content-type parsers (text/plain is read as a string, so a
 * creation under it is no object: 400; other media types 415), unknown body fields dropped
 * (`removeAdditional`), `status` defaulted by the schema, the key checked on every path. Idle kept-alive connections close
 * after 1 s. Run: PETSTORE_API_KEY=KEY PORT=N [PETSTORE_MAX_NAME=20] node --import tsx conforming.ts
 */
import { timingSafeEqual } from 'node:crypto';
import { Ajv } from 'ajv';
import Fastify, { type FastifyReply } from 'fastify';

type Pet = { id: number; name: string; categoryId: number; status: string };
type NewPet = Omit<Pet, 'id'>;

const STATUSES = ['available', 'pending', 'sold'];
const CODES: Record<number, string> = {
  400: 'validation_failed',
  401: 'unauthorized',
  404: 'not_found',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
};
const apiKey = Buffer.from(process.env.PETSTORE_API_KEY ?? 'dev-key');
const maxName = Number(process.env.PETSTORE_MAX_NAME ?? 0);
const pets = new Map<number, Pet>();

const fail = (reply: FastifyReply, status: number, message: string) =>
  reply.code(status).send({ code: CODES[status] ?? 'internal_error', message, status });

const keyMatches = (header = '') => {
  const [scheme = '', token = ''] = header.split(/ (.*)/s);
  const sent = Buffer.from(token);
  return (
    scheme.toLowerCase() === 'bearer' &&
    sent.length === apiKey.length &&
    timingSafeEqual(sent, apiKey)
  );
};

// frameworkErrors: what Fastify refuses before routing (a path parameter over 100 characters).
const app = Fastify({
  keepAliveTimeout: 1000,
  frameworkErrors: (error, _request, reply) => fail(reply, error.statusCode ?? 400, error.message),
});
app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
  if (status === 500) request.log.error(error);
  return fail(reply, status, status === 500 ? 'internal error' : error.message);
});
app.setNotFoundHandler((request, reply) =>
  fail(reply, 404, `no route ${request.method} ${request.url}`),
);
app.addHook('onRequest', async (request, reply) => {
  if (!keyMatches(request.headers.authorization))
    return fail(reply, 401, 'send Authorization: Bearer <API key>');
});

// Fastify's JSON parser decodes bytes that are not UTF-8 as U+FFFD: refuse them, then parse
// as Fastify does (its empty-body and __proto__ refusals included).
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const parseJson = app.getDefaultJsonParser('error', 'error');
app.removeContentTypeParser('application/json');
app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
  let text: string;
  try {
    text = strictUtf8.decode(body as Buffer);
  } catch {
    return done(Object.assign(new Error('the body must be UTF-8 JSON text'), { statusCode: 400 }));
  }
  parseJson(request, text, done);
});

const listSchema = {
  querystring: {
    type: 'object',
    properties: {
      limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
      status: { type: 'string', enum: STATUSES },
    },
  },
};
app.get<{ Querystring: { limit: number; status?: string } }>(
  '/v1/pets',
  { schema: listSchema },
  async (request, reply) => {
    const { limit, status } = request.query;
    // Ajv coerces "1E400" (or a thousand digits) to Infinity, which passes `type: integer`
    // and skips `maximum` (checked for finite numbers only): a page of every pet.
    if (!Number.isFinite(limit)) return fail(reply, 400, 'limit must be an integer from 1 to 100');
    return [...pets.values()].filter((pet) => !status || pet.status === status).slice(0, limit);
  },
);

// Fastify's Ajv coerces types in every part: right for text in a URL, wrong for a JSON body
// ({"name": 42} would be stored as "42" where the interface asks 400). The body gets an Ajv
// with Fastify's other defaults and no coercion.
const bodyAjv = new Ajv({ coerceTypes: false, useDefaults: true, removeAdditional: true });
const createSchema = {
  body: {
    type: 'object',
    required: ['name', 'categoryId'],
    properties: {
      name: { type: 'string', ...(maxName > 0 ? { maxLength: maxName } : {}) },
      // JSON.parse rounds beyond 2^53: the categories this service holds are those it keeps exactly.
      categoryId: {
        type: 'integer',
        minimum: Number.MIN_SAFE_INTEGER,
        maximum: Number.MAX_SAFE_INTEGER,
      },
      status: { type: 'string', enum: STATUSES, default: 'available' },
    },
  },
};
app.post<{ Body: NewPet }>(
  '/v1/pets',
  { schema: createSchema, validatorCompiler: ({ schema }) => bodyAjv.compile(schema) },
  async (request, reply) => {
    const { name, categoryId, status } = request.body; // never a client-sent id
    const pet = { id: pets.size + 1, name, categoryId, status };
    pets.set(pet.id, pet);
    return reply.code(201).send(pet);
  },
);

const getSchema = { params: { type: 'object', properties: { petId: { type: 'integer' } } } };
app.get<{ Params: { petId: number } }>(
  '/v1/pets/:petId',
  { schema: getSchema },
  async (request, reply) => {
    const pet = pets.get(request.params.petId);
    if (!pet) return fail(reply, 404, `no pet with id ${request.params.petId}`);
    return pet;
  },
);

await app.listen({ port: Number(process.env.PORT ?? 3000), host: '127.0.0.1' });
