/**
 * The one policy for a request that fails on a kept-alive connection the server had closed
 * (its idle timeout, which not every server announces): the failure comes before any byte of
 * an answer, so nothing was processed, and the request is sent once more on a new connection,
 * as browsers and every HTTP client do. A failure on a new connection, or once an answer has
 * begun, is a real one and is never sent again. The gate's relay and the mock's proxy use it.
 */
import http from 'node:http';
import https from 'node:https';
import { ReadFailure } from './bounded-request.ts';

/** Whether a request failed on a reused connection before any answer: safe to send again. */
export const isStaleConnection = (error: unknown): error is ReadFailure =>
  error instanceof ReadFailure &&
  error.reused &&
  error.kind === 'lost' &&
  error.answered === undefined;

/** An agent whose one connection closes after its answer: a request sent again gets a new one. */
export const newConnectionAgent = (url: URL): http.Agent =>
  url.protocol === 'https:'
    ? new https.Agent({ keepAlive: false })
    : new http.Agent({ keepAlive: false });

/**
 * Sends with `send` over the `kept` agent; when that fails on a stale connection, sends once
 * more over a new connection (told to `onAgain` first). Anything else is thrown as it came.
 */
export async function sendAgainIfStale<T>(
  url: URL,
  send: (agent: http.Agent) => Promise<T>,
  kept: http.Agent,
  onAgain?: (failure: ReadFailure) => void,
): Promise<T> {
  try {
    return await send(kept);
  } catch (error) {
    if (!isStaleConnection(error)) throw error;
    onAgain?.(error);
    return send(newConnectionAgent(url));
  }
}
