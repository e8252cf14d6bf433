/**
 * For the mock's own tests: runs the handlers in-process with msw's setupServer and sends
 * requests whose responses are each checked against the spec at strict level.
 */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { responseIssues } from '../../spec/conformance.ts';
import { BASE_PATH } from '../../spec/constants.ts';
import { parseJson } from '../../spec/json.ts';
import type { OperationId } from '../../spec/types.ts';
import { DEFAULT_API_KEY } from '../core/defaults.ts';
import type { HandlerOptions } from '../core/handlers.ts';
import { createStore } from '../core/store.ts';
import { createNodeHandlers, type NodeHandlerOptions } from '../node/index.ts';

/** Handlers over a store of their own (createNodeHandlers), for tests that need a second mock. */
export const createTestHandlers = (options: NodeHandlerOptions) => createNodeHandlers(options);

/** The origin the in-process tests talk to (never leaves the process). */
export const ORIGIN = 'http://petstore.test';

/** One request of a test. */
export type Call = {
  key?: string | null;
  headers?: Record<string, string>;
  body?: string;
};

/** What a test sees of a response. */
export type Reply = { status: number; headers: Headers; text: string; body: unknown };

/**
 * The operation whose documented responses a request's answer is held to; other methods on a
 * path are held to its GET operation, which documents the 405 they get.
 */
const operationOf = (method: string, path: string): OperationId | undefined => {
  const pathname = path.split('?')[0] ?? '';
  if (method === 'OPTIONS') return undefined;
  if (pathname === `${BASE_PATH}/pets`) return method === 'POST' ? 'createPet' : 'listPets';
  if (
    pathname.startsWith(`${BASE_PATH}/pets/`) &&
    !pathname.slice(BASE_PATH.length + 6).includes('/')
  )
    return 'getPet';
  return undefined;
};

/** Sends a request to `ORIGIN` and checks the response against the spec (strict). */
export async function call(method: string, path: string, options: Call = {}): Promise<Reply> {
  const key = options.key === undefined ? DEFAULT_API_KEY : options.key;
  const headers: Record<string, string> = key === null ? {} : { authorization: `Bearer ${key}` };
  const response = await fetch(`${ORIGIN}${path}`, {
    method,
    headers: { ...headers, ...options.headers },
    body: options.body,
  });
  const text = await response.text();
  const operation = operationOf(method, path);
  if (operation) {
    expect(responseIssues(operation, response.status, response.headers, text)).toEqual([]);
  }
  const body = text === '' ? undefined : parseJson(text);
  return { status: response.status, headers: response.headers, text, body };
}

/** Starts the handlers over a fresh store for one test file, reset before each test. */
export function useInProcessMock(
  options: Partial<Omit<HandlerOptions, 'store'>> & { seedCount?: number; maxPets?: number } = {},
) {
  const store = createStore({ seedCount: options.seedCount ?? 40, maxPets: options.maxPets });
  const server = setupServer(...createNodeHandlers({ ...options, store }));
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  // Each test starts as a fresh mock would, ids included.
  beforeEach(() => store.restart());
  afterAll(() => server.close());
  return { store, server };
}
