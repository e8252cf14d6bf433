/**
 * The one module of contract-tests/ that imports mocks/: starts the project's mock for a run
 * given no server. The checks and the suite never import mocks/, so that they test any server.
 */
import type { ServerUnderTest } from './preflight.ts';

/** A mock started for one run: where it answers, a key it accepts, and how to stop it. */
export type LocalMock = ServerUnderTest & { close(): Promise<void> };

/** Starts the mock on a random loopback port, accepting `apiKey` (default: the mock's own key). */
export async function startLocalMock(apiKey?: string): Promise<LocalMock> {
  const { startMockServer } = await import('../mocks/node/server.ts');
  const apiKeys = apiKey === undefined ? undefined : [apiKey];
  const mock = await startMockServer({ host: '127.0.0.1', port: 0, apiKeys, quiet: true });
  // The key comes from the started mock, so it is always one the mock accepts.
  const [key] = mock.apiKeys;
  if (key === undefined) {
    await mock.close();
    throw new Error('the mock started without an API key');
  }
  return { baseUrl: mock.baseUrl, apiKey: key, close: () => mock.close() };
}
