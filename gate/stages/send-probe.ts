/** Sends one probe to a server and returns what came back. */
import { boundedFetch } from '../../net/bounded-fetch.ts';
import { bodyForRun, type Probe, probeHeaders } from '../probes.ts';

/** A probe's response: status, headers and the raw body text. */
export type ProbeResponse = { status: number; headers: Headers; text: string };

/** The URL path a probe requests, with `{id}` replaced by a pet created during the run. */
export const probePath = (probe: Probe, petId: string): string =>
  probe.path.replace('{id}', encodeURIComponent(petId));

/**
 * Sends the probe to `baseUrl` (no trailing slash), giving up after `timeoutMs`; the answer is
 * read through the bounded reader, as every server's bytes are (Prism's answer carries the
 * server's body, which the relay bounded already; this bounds Prism's own additions too).
 */
export async function sendProbe(
  baseUrl: string,
  probe: Probe,
  apiKey: string,
  petId: string,
  timeoutMs = 15_000,
  runId = '',
): Promise<ProbeResponse> {
  const send = boundedFetch({ timeoutMs: Math.max(1, timeoutMs) });
  const response = await send(`${baseUrl}${probePath(probe, petId)}`, {
    method: probe.method,
    headers: probeHeaders(probe, apiKey),
    body: bodyForRun(probe.body, runId),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** Reads the `id` of a created pet from the raw body, keeping ids above 2^53 exact. */
export function createdIdOf(text: string): string | undefined {
  return /"id"\s*:\s*(\d+)/.exec(text)?.[1];
}
