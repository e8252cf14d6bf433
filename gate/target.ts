/** The server under test: a URL the user gave, or the project's own mock started for the run. */

/** The server the stages check. `isMock` allows forcing 429/500/503 with `Prefer: code=`. */
export type Target = {
  baseUrl: string;
  apiKey: string;
  isMock: boolean;
  close(): Promise<void>;
};

/** A problem that is the caller's, not the server's: bad flags or an unreachable server (exit 2). */
export class GateUsageError extends Error {}

/** Checks that something answers HTTP at the base URL, so stages fail for a real reason. */
export async function assertReachable(baseUrl: string, timeoutMs = 5_000): Promise<void> {
  try {
    await fetch(`${baseUrl}/pets`, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    throw new GateUsageError(
      `the server at ${baseUrl} is unreachable (GET ${baseUrl}/pets: ${cause}); start it or fix --base-url`,
    );
  }
}

/** Parses and normalises a base URL (no trailing slash), or explains what is wrong with it. */
export function normaliseBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new GateUsageError(`--base-url must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new GateUsageError(`--base-url must use http or https, got "${raw}"`);
  }
  return url.href.replace(/\/+$/, '');
}

/** Uses the given server, or starts the project's mock on a random loopback port. */
export async function openTarget(baseUrl: string | undefined, apiKey: string | undefined) {
  if (baseUrl !== undefined) {
    const normalised = normaliseBaseUrl(baseUrl);
    if (apiKey === undefined || apiKey === '') {
      throw new GateUsageError('--api-key is required with --base-url (or set PETSTORE_API_KEY)');
    }
    await assertReachable(normalised);
    const target: Target = { baseUrl: normalised, apiKey, isMock: false, close: async () => {} };
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
