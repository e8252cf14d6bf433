import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testContext } from '../test-context.ts';
import { specPathAt } from '../tools.ts';
import { runLintStage } from './lint.ts';

let dir = '';
const context = () => testContext({ baseUrl: 'http://127.0.0.1:1/v1', apiKey: 'k' });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gate-lint-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

it("passes a document that describes the interface (the spec's own interface level)", async () => {
  const result = await runLintStage(context(), specPathAt('interface'));
  expect(result.findings).toEqual([]);
  expect(result.status).toBe('passed');
}, 60_000);

it('names each departure of a published document, with its line: an operation, a status, a field type', async () => {
  // As FastAPI publishes a service that forgot getPet, documents no 401 and types categoryId as a string.
  const doc = {
    openapi: '3.1.0',
    info: { title: 'Pets', version: '1.0.0' },
    servers: [{ url: '/v1' }],
    paths: {
      '/pets': {
        get: {
          operationId: 'list',
          responses: {
            '200': {
              description: 'ok',
              content: {
                'application/json': {
                  schema: { type: 'array', items: { $ref: '#/components/schemas/Pet' } },
                },
              },
            },
          },
        },
        post: {
          operationId: 'create',
          requestBody: {
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
          },
          responses: {
            '201': {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
            },
            '400': {
              description: 'bad',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
            },
            '401': {
              description: 'no',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        Pet: {
          type: 'object',
          required: ['id', 'name', 'categoryId'],
          properties: {
            id: { type: 'integer', format: 'int32' },
            name: { type: 'string' },
            categoryId: { type: 'string' },
            status: { anyOf: [{ type: 'string', enum: ['available', 'sold'] }, { type: 'null' }] },
          },
        },
        Error: {
          type: 'object',
          required: ['code', 'message', 'status'],
          properties: {
            code: { type: 'string' },
            message: { type: 'string' },
            status: { type: 'integer' },
          },
        },
      },
    },
  };
  const file = join(dir, 'openapi.json');
  await writeFile(file, JSON.stringify(doc, null, 2));
  const result = await runLintStage(context(), file);
  expect(result.status).toBe('failed');
  const titles = result.findings.map((f) => f.title);
  expect(titles).toContain('GET /v1/pets/{petId} (getPet): missing');
  expect(titles).toContain('GET /v1/pets (listPets): status 401 not documented');
  expect(titles).toContain('GET /v1/pets (listPets) 200 body[].categoryId: is string');
  expect(titles).toContain('POST /v1/pets (createPet) 201 body.id: is int32');
  expect(titles).toContain('POST /v1/pets (createPet) 201 body.status: lacks the values pending');
  const line = result.findings.find((f) => f.title.endsWith('categoryId: is string'))?.file?.line;
  const text = await readFile(file, 'utf8');
  expect(text.split('\n')[(line ?? 0) - 1]).toMatch(/"categoryId"/);
}, 60_000);

it('has no verdict when the document cannot be read', async () => {
  const result = await runLintStage(context(), join(dir, 'absent.yaml'));
  expect(result.status).toBe('no-verdict');
  expect(result.cases?.[0]?.error).toMatch(/could not read --openapi/);
});
