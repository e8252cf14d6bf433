/**
 * The mock started for one contract run or gate run that was given no server: on a random
 * loopback port, with a key it accepts, and a way to stop it. The command-line entry points
 * of this repository pass it to runContract and runGate; the installed contract and gate
 * commands do not, so they never carry the mock.
 */
import { startMockServer } from './server.ts';

/** A mock started for one run: where it answers, a key it accepts, and how to stop it. */
export type LocalMock = { baseUrl: string; apiKey: string; close(): Promise<void> };

/** Starts the mock on a random loopback port, accepting `apiKey` (default: the mock's own key). */
export async function startLocalMock(apiKey?: string): Promise<LocalMock> {
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
