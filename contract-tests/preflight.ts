/**
 * Whether a server can be tested at all, checked before any suite or tool runs against it:
 * its base URL is an absolute http(s) URL, and something answers HTTP there.
 */

/** Why a server cannot be tested: a malformed base URL, or nothing answering at it. */
export class PreflightError extends Error {}

/** The server under test: its base URL (base path included) and a key it accepts. */
export type ServerUnderTest = { baseUrl: string; apiKey: string };

/** Parses a base URL and returns it without a trailing slash, or says what is wrong with it. */
export function normaliseBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new PreflightError(
      `the base URL must be an absolute http(s) URL such as http://127.0.0.1:4010/v1, got "${raw}"`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new PreflightError(`the base URL must use http or https, got "${raw}"`);
  }
  return url.href.replace(/\/+$/, '');
}

/** The code of a failed fetch (`ECONNREFUSED`, `ENOTFOUND`...), or its message. */
function whyUnreachable(error: unknown): string {
  const cause = (
    error as { cause?: { code?: string; message?: string; errors?: { code?: string }[] } }
  ).cause;
  return cause?.code ?? cause?.errors?.[0]?.code ?? cause?.message ?? (error as Error).message;
}

/** Resolves once something answers HTTP at the base URL (any status will do). */
export async function assertReachable(
  { baseUrl, apiKey }: ServerUnderTest,
  timeoutMs = 10_000,
): Promise<void> {
  try {
    const response = await fetch(`${baseUrl}/pets?limit=1`, {
      headers: { authorization: `Bearer ${apiKey}` },
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
  } catch (error) {
    throw new PreflightError(
      `cannot reach ${baseUrl} (${whyUnreachable(error)}): the server at ${baseUrl} is unreachable; is it running, and is the base URL right?`,
    );
  }
}

/** Normalises the server's base URL and checks that it answers; returns the normalised server. */
export async function preflight(server: ServerUnderTest): Promise<ServerUnderTest> {
  const checked = { baseUrl: normaliseBaseUrl(server.baseUrl), apiKey: server.apiKey };
  await assertReachable(checked);
  return checked;
}
