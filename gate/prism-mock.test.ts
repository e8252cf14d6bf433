// The spec as Prism's own mock reads it (`npm run mock:prism`): every error it documents must
// come back as that status's Error, not one example shared by all (issue 41).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../lib/ports.ts';
import { allResponses, nodeAt, openapiDocument } from '../spec/document.ts';
import { type RunningPrism, startPrism } from './prism-process.ts';
import { specPath } from './tools.ts';

const KEY = { authorization: 'Bearer any-key' };
const JSON_BODY = { 'content-type': 'application/json' };
const NEW_PET = JSON.stringify({ name: 'Rex', categoryId: 1 });

let prism: RunningPrism;

beforeAll(async () => {
  prism = await startPrism(['mock', specPath], '127.0.0.1', await freePort());
});

afterAll(async () => {
  await prism?.stop();
});

/** The codes x-error-codes gives each status ("401: the API key…" under unauthorized). */
function codesOf(status: number): string[] {
  const listed = nodeAt(
    openapiDocument,
    '/components/schemas/Error/properties/code/x-error-codes',
  ) as Record<string, string>;
  return Object.keys(listed).filter((code) => listed[code]?.startsWith(`${status}: `));
}

/** Sends one request to Prism (which serves the paths without /v1) and reads the answer. */
async function send(method: string, path: string, headers: Record<string, string>, body?: string) {
  const response = await fetch(`${prism.origin}${path}`, { method, headers, body });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function expectError(answer: { status: number; body: Record<string, unknown> }, status: number) {
  expect(answer.status).toBe(status);
  expect(answer.body.status).toBe(status);
  expect(codesOf(status)).toContain(answer.body.code);
  expect(typeof answer.body.message).toBe('string');
}

const operations = [
  { operationId: 'listPets', method: 'GET', path: '/pets' },
  { operationId: 'createPet', method: 'POST', path: '/pets', body: NEW_PET },
  { operationId: 'getPet', method: 'GET', path: '/pets/1' },
] as const;

it('answers each documented error status of each operation, forced with Prefer: code, with its own Error', async () => {
  const documented = allResponses().filter((r) => r.status >= 400);
  expect(documented.map((r) => r.operationId)).toEqual(
    expect.arrayContaining(['listPets', 'createPet', 'getPet']),
  );
  for (const { operationId, status } of documented) {
    const op = operations.find((o) => o.operationId === operationId);
    if (op === undefined) throw new Error(`no request for ${operationId}`);
    const headers = { ...KEY, ...JSON_BODY, prefer: `code=${status}` };
    const answer = await send(op.method, op.path, headers, 'body' in op ? op.body : undefined);
    expect.soft(answer, `${operationId} Prefer: code=${status}`).toMatchObject({
      status,
      body: { status, code: expect.toBeOneOf(codesOf(status)), message: expect.any(String) },
    });
  }
});

it('answers a request without a key 401 with an unauthorized Error on every operation', async () => {
  for (const op of operations) {
    const body = 'body' in op ? op.body : undefined;
    expectError(await send(op.method, op.path, JSON_BODY, body), 401);
  }
});

it('answers an empty creation, an empty object or no body at all, with a 400 Error', async () => {
  // Prism answers a request it finds invalid with the operation's 422, else its 400, else its
  // default: createPet documents 400 only.
  expectError(await send('POST', '/pets', { ...KEY, ...JSON_BODY }, '{}'), 400);
  expectError(await send('POST', '/pets', { ...KEY, ...JSON_BODY }), 400);
});
