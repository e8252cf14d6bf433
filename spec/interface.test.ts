/**
 * Traceability: each sentence of ../shared/pet-store-interface.md that states a rule,
 * quoted, with the place in spec/openapi.yaml that transcribes it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { openapiDocument as doc, operation, required } from './document.ts';

const INTERFACE = new URL('../../shared/pet-store-interface.md', import.meta.url);
const interfaceText = existsSync(INTERFACE) ? readFileSync(INTERFACE, 'utf8') : undefined;

/** The node at a pointer, `$ref`s followed, so that a check sees the schema or response itself. */
const get = (pointer: string) => required(doc, pointer);
const schemaOf = (pointer: string) => {
  const content = get(pointer).content as Record<string, { schema: { $ref: string } }>;
  return get(content['application/json']?.schema.$ref ?? '/missing');
};
const ops = {
  listPets: operation('listPets').pointer,
  createPet: operation('createPet').pointer,
  getPet: operation('getPet').pointer,
};

const rules: [sentence: string, check: () => void][] = [
  ['the interface version number is 1.0.0', () => expect(get('/info').version).toBe('1.0.0')],
  [
    'its path already ends in the version segment `/v1`',
    () => {
      const servers = doc.servers as { url: string }[];
      expect(servers).toHaveLength(2);
      for (const { url } of servers) expect(url).toMatch(/\/v1$/);
    },
  ],
  [
    'Scheme: HTTP bearer.',
    () =>
      expect(get('/components/securitySchemes/bearerAuth')).toMatchObject({
        type: 'http',
        scheme: 'bearer',
      }),
  ],
  [
    'The requirement applies to all operations above.',
    () => {
      expect(doc.security).toEqual([{ bearerAuth: [] }]);
      for (const op of Object.values(ops)) expect(get(op)).not.toHaveProperty('security');
    },
  ],
  [
    '| id | integer | int64 | yes (in responses) |',
    () => {
      expect(get('/components/schemas/Pet/properties/id')).toMatchObject({
        type: 'integer',
        format: 'int64',
      });
      expect(get('/components/schemas/Pet').required).toContain('id');
    },
  ],
  [
    '| name | string | | yes |',
    () => expect(get('/components/schemas/Pet/properties/name').type).toBe('string'),
  ],
  [
    '| categoryId | integer | int64 | yes |',
    () => {
      expect(get('/components/schemas/Pet/properties/categoryId')).toMatchObject({
        type: 'integer',
        format: 'int64',
      });
      expect(get('/components/schemas/Pet').required).toEqual(['id', 'name', 'categoryId']);
    },
  ],
  [
    '| status | string | enum `PetStatus` | no | One of `available`, `pending`, `sold`. |',
    () =>
      expect(get('/components/schemas/Pet/properties/status').enum).toEqual([
        'available',
        'pending',
        'sold',
      ]),
  ],
  [
    '`name` and `categoryId` are required, `status` is optional. `id` is not part of it.',
    () => {
      const newPet = get('/components/schemas/NewPet');
      expect(newPet.required).toEqual(['name', 'categoryId']);
      expect(Object.keys(newPet.properties as object)).toEqual(['name', 'categoryId', 'status']);
    },
  ],
  [
    'A JSON array of Animal objects.',
    () =>
      expect(get('/components/schemas/Pets')).toMatchObject({
        type: 'array',
        items: { $ref: '#/components/schemas/Pet' },
      }),
  ],
  [
    'All error responses carry the Error object (`code`, `message`, `status`, all required) as JSON.',
    () => {
      expect(get('/components/schemas/Error').required).toEqual(['code', 'message', 'status']);
      for (const op of Object.values(ops)) {
        for (const [status] of Object.entries(get(`${op}/responses`)).filter(([s]) => s >= '400')) {
          expect(schemaOf(`${op}/responses/${status}`), `${op} ${status}`).toBe(
            get('/components/schemas/Error'),
          );
        }
      }
    },
  ],
  [
    'All requests and responses use JSON.',
    () => {
      const contents = JSON.stringify(doc.paths).match(/"content":\{"[^"]+"/g) ?? [];
      expect(contents.length).toBeGreaterThan(0);
      for (const c of contents) expect(c).toBe('"content":{"application/json"');
    },
  ],
  ['- Method and path: `GET /pets`', () => expect(get(ops.listPets).operationId).toBe('listPets')],
  [
    '| limit | integer | no | minimum 1, maximum 100, default 20; maximum number of animals returned |',
    () =>
      expect(get('/components/parameters/Limit')).toMatchObject({
        name: 'limit',
        in: 'query',
        required: false,
        schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
      }),
  ],
  [
    '| status | string | no | one of `available`, `pending`, `sold`; filters by availability status |',
    () => {
      expect(get('/components/parameters/StatusFilter')).toMatchObject({
        name: 'status',
        in: 'query',
        required: false,
      });
      expect(get('/components/parameters/StatusFilter/schema').enum).toEqual([
        'available',
        'pending',
        'sold',
      ]);
    },
  ],
  [
    '| 200 | JSON array of Animal objects |',
    () => expect(schemaOf(`${ops.listPets}/responses/200`)).toBe(get('/components/schemas/Pets')),
  ],
  [
    '| 401 | Error object (missing or invalid API key) |',
    () => {
      for (const op of Object.values(ops)) expect(get(`${op}/responses`)).toHaveProperty('401');
    },
  ],
  [
    '| Page size maximum | `GET /pets`, `limit` | 100 |',
    () => expect(get('/components/schemas/Pets').maxItems).toBe(100),
  ],
  [
    '- Method and path: `POST /pets`',
    () => expect(get(ops.createPet).operationId).toBe('createPet'),
  ],
  [
    '- Request body (required, `application/json`): Animal creation payload',
    () => {
      expect(get(`${ops.createPet}/requestBody`).required).toBe(true);
      expect(schemaOf(`${ops.createPet}/requestBody`)).toBe(get('/components/schemas/NewPet'));
    },
  ],
  [
    '| 201 | Animal object including the assigned `id` |',
    () => expect(schemaOf(`${ops.createPet}/responses/201`)).toBe(get('/components/schemas/Pet')),
  ],
  [
    '| 400 | Error object (body missing required fields or containing invalid values) |',
    () => expect(get(`${ops.createPet}/responses/400`)).not.toHaveProperty('x-decision'),
  ],
  [
    '- Method and path: `GET /pets/{petId}`',
    () => expect(get(ops.getPet).operationId).toBe('getPet'),
  ],
  [
    '- Path parameter: `petId`, integer, format int64, required; identifier of the animal.',
    () =>
      expect(get('/components/parameters/PetId')).toMatchObject({
        name: 'petId',
        in: 'path',
        required: true,
        schema: { type: 'integer', format: 'int64' },
      }),
  ],
  [
    '| 200 | Animal object |',
    () => expect(schemaOf(`${ops.getPet}/responses/200`)).toBe(get('/components/schemas/Pet')),
  ],
  [
    '| 404 | Error object (the animal could not be found) |',
    () => expect(get(`${ops.getPet}/responses/404`)).not.toHaveProperty('x-decision'),
  ],
  [
    'The operation is deprecated and is announced to be removed on 5 December 2030.',
    () => expect(get(ops.getPet)).toMatchObject({ deprecated: true, 'x-sunset': '2030-12-05' }),
  ],
  [
    'The replacement is `GET /pets` with the `status` filter.',
    () => expect(get(ops.getPet)['x-replaced-by']).toBe('listPets'),
  ],
];

for (const [sentence, check] of rules) {
  it(`transcribes: ${sentence}`, () => {
    if (interfaceText !== undefined)
      expect(interfaceText, 'the quoted sentence left the interface').toContain(sentence);
    check();
  });
}

it('documents exactly the three operations of the interface', () => {
  const operationIds = Object.values(
    doc.paths as Record<string, Record<string, { operationId: string }>>,
  ).flatMap((path) => Object.values(path).map((op) => op.operationId));
  expect(operationIds).toEqual(['listPets', 'createPet', 'getPet']);
});
