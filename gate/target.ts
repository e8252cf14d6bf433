/** The server under test: a URL the user gave, or the project's own mock started for the run. */
import { startLocalMock } from '../contract-tests/local-mock.ts';
import { preflight, type ServerUnderTest } from '../contract-tests/preflight.ts';

/** The server the stages check. `isMock` allows forcing 429/500/503 with `Prefer: code=`. */
export type Target = ServerUnderTest & {
  isMock: boolean;
  close(): Promise<void>;
};

/**
 * Checks the given server (its URL normalised, something answering there), or starts the
 * project's mock on a random loopback port, accepting `mockApiKey` if one is given.
 */
export async function openTarget(
  server: ServerUnderTest | undefined,
  mockApiKey: string | undefined,
): Promise<Target> {
  if (server !== undefined) {
    return { ...(await preflight(server)), isMock: false, close: async () => {} };
  }
  const mock = await startLocalMock(mockApiKey);
  return { baseUrl: mock.baseUrl, apiKey: mock.apiKey, isMock: true, close: mock.close };
}
