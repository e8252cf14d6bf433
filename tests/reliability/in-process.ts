/**
 * Starts the standalone mock inside the test process for one test file, so a test can inspect
 * the very process that served the requests (its prototypes, its liveness).
 */
import { afterAll, beforeAll } from 'vitest';
import { startMockServer } from '../../mocks/node/server.ts';

/** Options the reliability tests pass through to startMockServer. */
export type MockOptions = NonNullable<Parameters<typeof startMockServer>[0]>;

/** Starts one mock on a random loopback port before the file's tests and closes it after. */
export function useMockServer(options: MockOptions = {}): { origin(): string } {
  let server: Awaited<ReturnType<typeof startMockServer>> | undefined;
  beforeAll(async () => {
    server = await startMockServer({ host: '127.0.0.1', port: 0, quiet: true, ...options });
  });
  afterAll(async () => {
    await server?.close();
  });
  return {
    origin() {
      if (server === undefined) throw new Error('the mock server has not started');
      return server.origin;
    },
  };
}

/** The own property names of the shared prototypes, to compare before and after abuse. */
export function prototypeFingerprint(): string {
  const names = (value: object) => Object.getOwnPropertyNames(value).sort().join(',');
  return [Object.prototype, Array.prototype, Function.prototype].map(names).join('|');
}
