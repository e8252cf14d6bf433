/**
 * The Pet Store as a Fastify team writes it first: JSON schemas for the query, the path and
 * the body, compiled by Fastify's default Ajv (which coerces types), an onRequest hook for
 * the key, and Fastify's own error and 404 bodies ({ statusCode, error, message }).
 * Run: PETSTORE_API_KEY=KEY PORT=N node --import tsx first-pass.ts
 */
import Fastify from 'fastify';

type Pet = { id: number; name: string; categoryId: number; status: string };
type NewPet = Omit<Pet, 'id'>;

const STATUSES = ['available', 'pending', 'sold'];
const apiKey = process.env.PETSTORE_API_KEY ?? 'dev-key';
const pets = new Map<number, Pet>();
const app = Fastify();

app.addHook('onRequest', async (request, reply) => {
  if (request.headers.authorization !== `Bearer ${apiKey}`)
    return reply.code(401).send({ error: 'Unauthorized' });
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
  async (request) => {
    const { limit, status } = request.query;
    return [...pets.values()].filter((pet) => !status || pet.status === status).slice(0, limit);
  },
);

const createSchema = {
  body: {
    type: 'object',
    required: ['name', 'categoryId'],
    properties: {
      name: { type: 'string' },
      categoryId: { type: 'integer' },
      status: { type: 'string', enum: STATUSES, default: 'available' },
    },
  },
};
app.post<{ Body: NewPet }>('/v1/pets', { schema: createSchema }, async (request, reply) => {
  const pet = { id: pets.size + 1, ...request.body };
  pets.set(pet.id, pet);
  return reply.code(201).send(pet);
});

const getSchema = { params: { type: 'object', properties: { petId: { type: 'integer' } } } };
app.get<{ Params: { petId: number } }>(
  '/v1/pets/:petId',
  { schema: getSchema },
  async (request, reply) => {
    const pet = pets.get(request.params.petId);
    if (!pet) return reply.code(404).send({ message: 'Pet not found' });
    return pet;
  },
);

await app.listen({ port: Number(process.env.PORT ?? 3000), host: '127.0.0.1' });
