/** Whether a server still answers at all: any HTTP status to a small GET counts. */

/** Sends `GET {baseUrl}/pets?limit=1` without a key; true if any answer came within `timeoutMs`. */
export async function stillAnswers(baseUrl: string, timeoutMs = 5_000): Promise<boolean> {
  try {
    const response = await fetch(`${baseUrl}/pets?limit=1`, {
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    return true;
  } catch {
    return false;
  }
}
