/**
 * Traceability: every rule of the interface (`x-rules` in spec/openapi.yaml) is either
 * transcribed by the structure of the interface-level spec, checked here, or is behaviour
 * only a server can show, which the contract suite checks over HTTP.
 */
import { expect, it } from 'vitest';
import { operation, required } from './document.ts';
import { documentAtLevel } from './levels.ts';
import { listRules, type RuleId } from './rules.ts';

const doc = documentAtLevel('interface');
/** The node at a pointer, `$ref`s followed, so that a check sees the schema or response itself. */
const get = (pointer: string) => required(doc, pointer);
const schemaOf = (pointer: string) => {
  const content = get(pointer).content as Record<string, { schema: { $ref: string } }>;
  return get(content['application/json']?.schema.$ref ?? '/missing');
};
const ops = {
  listPets: operation('listPets', doc).pointer,
  createPet: operation('createPet', doc).pointer,
  getPet: operation('getPet', doc).pointer,
};
const statuses = (op: string) => Object.keys(get(`${op}/responses`));
const BEHAVIOUR = 'behaviour: the contract suite checks it over HTTP';

const rules: Partial<Record<RuleId, (() => void) | typeof BEHAVIOUR>> = {
  json: () => {
    const contents = JSON.stringify(doc.paths).match(/"content":\{"[^"]+"/g) ?? [];
    expect(contents.length).toBeGreaterThan(0);
    for (const c of contents) expect(c).toBe('"content":{"application/json"');
  },
  transport: BEHAVIOUR,
  'served-at-path': BEHAVIOUR,
  'base-path': () => {
    const servers = doc.servers as { url: string }[];
    expect(servers).toHaveLength(2);
    for (const { url } of servers) expect(url).toMatch(/\/v1$/);
  },
  'auth-required': () => {
    expect(get('/components/securitySchemes/bearerAuth')).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    for (const op of Object.values(ops)) expect(get(op)).not.toHaveProperty('security');
  },
  'auth-401': () => {
    for (const op of Object.values(ops))
      expect(schemaOf(`${op}/responses/401`)).toBe(get('/components/schemas/Error'));
  },
  'list-responses': () => {
    expect(statuses(ops.listPets)).toEqual(['200', '401']);
    expect(schemaOf(`${ops.listPets}/responses/200`)).toBe(get('/components/schemas/Pets'));
  },
  'create-responses': () => {
    expect(statuses(ops.createPet)).toEqual(['201', '400', '401']);
    expect(schemaOf(`${ops.createPet}/responses/201`)).toBe(get('/components/schemas/Pet'));
    expect(get(`${ops.createPet}/requestBody`).required).toBe(true);
    expect(schemaOf(`${ops.createPet}/requestBody`)).toBe(get('/components/schemas/NewPet'));
  },
  'create-400': () =>
    expect(schemaOf(`${ops.createPet}/responses/400`)).toBe(get('/components/schemas/Error')),
  'created-echoes': BEHAVIOUR,
  'get-responses': () => {
    expect(statuses(ops.getPet)).toEqual(['200', '401', '404']);
    expect(schemaOf(`${ops.getPet}/responses/200`)).toBe(get('/components/schemas/Pet'));
    expect(get('/components/parameters/PetId')).toMatchObject({
      name: 'petId',
      in: 'path',
      required: true,
      schema: { type: 'integer', format: 'int64' },
    });
  },
  'get-found': BEHAVIOUR,
  'get-404': () =>
    expect(schemaOf(`${ops.getPet}/responses/404`)).toBe(get('/components/schemas/Error')),
  'get-deprecated': () =>
    expect(get(ops.getPet)).toMatchObject({
      deprecated: true,
      'x-sunset': '2030-12-05',
      'x-replaced-by': 'listPets',
    }),
  'limit-max': () =>
    expect(get('/components/parameters/Limit')).toMatchObject({
      name: 'limit',
      in: 'query',
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: 100 },
    }),
  'limit-default': () => expect(get('/components/parameters/Limit/schema').default).toBe(20),
  'status-filter': () => {
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
  'pet-status': () =>
    expect(get('/components/schemas/PetStatus').enum).toEqual(['available', 'pending', 'sold']),
  'pet-shape': () => {
    const pet = get('/components/schemas/Pet');
    expect(pet.required).toEqual(['id', 'name', 'categoryId']);
    expect(Object.keys(pet.properties as object)).toEqual(['id', 'name', 'categoryId', 'status']);
    expect(get('/components/schemas/Pet/properties/name').type).toBe('string');
    expect(get('/components/schemas/Pet/properties/categoryId')).toMatchObject({
      type: 'integer',
      format: 'int64',
    });
  },
  'id-assigned': () => {
    expect(get('/components/schemas/NewPet').properties).not.toHaveProperty('id');
    expect(get('/components/schemas/Pet/properties/id').readOnly).toBe(true);
  },
  'id-int64': () =>
    expect(get('/components/schemas/Pet/properties/id')).toMatchObject({
      type: 'integer',
      format: 'int64',
    }),
  'new-pet-fields': () => {
    const newPet = get('/components/schemas/NewPet');
    expect(newPet.required).toEqual(['name', 'categoryId']);
    expect(Object.keys(newPet.properties as object)).toEqual(['name', 'categoryId', 'status']);
  },
  'page-size-max': () =>
    expect(get('/components/schemas/Pets')).toMatchObject({
      type: 'array',
      maxItems: 100,
      items: { $ref: '#/components/schemas/Pet' },
    }),
  'error-shape': () => {
    expect(get('/components/schemas/Error').required).toEqual(['code', 'message', 'status']);
    for (const op of Object.values(ops)) {
      for (const status of statuses(op).filter((s) => s >= '400')) {
        expect(schemaOf(`${op}/responses/${status}`), `${op} ${status}`).toBe(
          get('/components/schemas/Error'),
        );
      }
    }
  },
  'error-status': () =>
    expect(get('/components/schemas/Error/properties/status').type).toBe('integer'),
};

for (const rule of listRules().filter((r) => r.level === 'interface')) {
  const check = rules[rule.id];
  it(`transcribes ${rule.id}: ${rule.text}`, () => {
    expect(check, `no check for the interface rule ${rule.id}`).toBeDefined();
    if (typeof check === 'function') check();
  });
}

it('documents exactly the three operations of the interface', () => {
  expect(Object.values(ops)).toHaveLength(3);
  const operationIds = Object.values(
    doc.paths as Record<string, Record<string, { operationId: string }>>,
  ).flatMap((path) => Object.values(path).map((op) => op.operationId));
  expect(operationIds).toEqual(['listPets', 'createPet', 'getPet']);
});
