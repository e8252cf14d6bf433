/** The server under test: a URL the user gave, or the project's own mock started for the run. */
import {
  PreflightError,
  preflight,
  type ServerUnderTest,
} from '../contract-tests/client/preflight.ts';
import type { StartedServer } from '../contract-tests/run/run-types.ts';

/** The server the stages check. `isMock` allows forcing 429/500/503 with `Prefer: code=`. */
export type Target = ServerUnderTest & {
  isMock: boolean;
  close(): Promise<void>;
};

/**
 * Checks the given server (its URL normalised, something answering there; with `noPost`,
 * for --read-only and --max-creates 0, with GET requests only), or starts the project's mock with `startMock` (the repository's `npm run gate` does; the installed
 * command always has a server).
 */
export async function openTarget(
  server: ServerUnderTest | undefined,
  startMock: (() => Promise<StartedServer>) | undefined,
  noPost = false,
  { maxResponseBytes, ca }: { maxResponseBytes?: number; ca?: string } = {},
): Promise<Target> {
  if (server !== undefined) {
    const reading = {
      ...(maxResponseBytes ? { bounds: { maxBodyBytes: maxResponseBytes } } : {}),
      ...(ca === undefined ? {} : { ca }),
    };
    const checked = await preflight(server, noPost, undefined, reading);
    return { ...checked, isMock: false, close: async () => {} };
  }
  if (startMock === undefined) throw new PreflightError('no server to check: give --base-url');
  const mock = await startMock();
  return { baseUrl: mock.baseUrl, apiKey: mock.apiKey, isMock: true, close: mock.close };
}
