/** The server under test: a URL the user gave, or the project's own mock started for the run. */
import { preflight } from '../contract-tests/preflight.ts';

/** The server the stages check. `isMock` allows forcing 429/500/503 with `Prefer: code=`. */
export type Target = {
  baseUrl: string;
  apiKey: string;
  isMock: boolean;
  close(): Promise<void>;
};

/** A problem that is the caller's, not the server's: bad flags (exit 2). */
export class GateUsageError extends Error {}

/** Uses the given server, or starts the project's mock on a random loopback port. */
export async function openTarget(baseUrl: string | undefined, apiKey: string | undefined) {
  if (baseUrl !== undefined) {
    if (apiKey === undefined || apiKey === '') {
      throw new GateUsageError('--api-key is required with --base-url (or set PETSTORE_API_KEY)');
    }
    const checked = await preflight({ baseUrl, apiKey });
    const target: Target = { ...checked, isMock: false, close: async () => {} };
    return target;
  }
  // Only the gate's own run starts the mock; the stages never import it.
  const { startMockServer } = await import('../mocks/node/server.ts');
  const keys = apiKey === undefined ? undefined : [apiKey];
  const server = await startMockServer({ host: '127.0.0.1', port: 0, apiKeys: keys, quiet: true });
  const [startedKey] = server.apiKeys;
  if (startedKey === undefined) {
    await server.close();
    throw new Error('the mock started without an API key');
  }
  const target: Target = {
    baseUrl: server.baseUrl,
    apiKey: startedKey,
    isMock: true,
    close: () => server.close(),
  };
  return target;
}
