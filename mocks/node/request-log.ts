/**
 * What the standalone server tells its request log of each answer (the command prints it,
 * one line a request): the API's requests and the control changes, not the pages, their
 * assets or the landing page's reads of the state it polls.
 */
import { BASE_PATH } from '../../spec/constants.ts';
import { MockError } from '../core/errors.ts';
import { proxyNoteOf } from '../core/proxy/notes.ts';
import { textBeside } from './bodies-beside.ts';

/** One answered request, as the log shows it. */
export type AnsweredRequest = {
  /** When it arrived (ms since 1970). */
  time: number;
  method: string;
  /** The request target as sent: path and query. */
  target: string;
  /** Its `X-Mock-Session`, or null for the default session. */
  session: string | null;
  /** The status answered; 0 when the connection was dropped (a network fault). */
  status: number;
  /** Milliseconds from arrival to the answer's end. */
  ms: number;
  /** The `Error` message of a 4xx or 5xx. */
  message?: string;
  /** Proxy mode: who answered, why the mock did, and the rules the exchange departs from. */
  answeredBy?: 'backend' | 'mock';
  fallback?: string;
  departures?: { rule: string; side: 'server' | 'client' }[];
  /** Proxy mode: why the answer was cut mid-body (its connection ended). */
  cut?: string;
};

/** Whether a request goes in the log: an API request, a control change, or a refusal. */
export function isLogged(method: string, path: string, response: Response | undefined): boolean {
  if (path.startsWith(BASE_PATH)) return true;
  if (path.startsWith('/__mock/')) return method !== 'GET' && method !== 'OPTIONS';
  return response !== undefined && response.status >= 400;
}

/** The `Error` message in a response's body, if it has one. */
function messageOf(response: Response): string | undefined {
  if (response.status < 400) return undefined;
  const text = textBeside(response) ?? proxyNoteOf(response)?.text;
  if (text === undefined || !text.startsWith('{')) return undefined;
  try {
    const message = (JSON.parse(text) as { message?: unknown }).message;
    return typeof message === 'string' ? message : undefined;
  } catch {
    return undefined;
  }
}

/** What the log is told of an answered request (`session`: its X-Mock-Session header). */
export function answeredRequest(
  sent: { method: string; target: string; session: string | string[] | undefined },
  started: number,
  response: Response | undefined,
  thrown?: unknown,
): AnsweredRequest {
  const status = response === undefined || response.type === 'error' ? 0 : response.status;
  const message =
    thrown instanceof MockError
      ? thrown.message
      : response === undefined
        ? undefined
        : messageOf(response);
  const ms = performance.now() - started;
  const note = response === undefined ? undefined : proxyNoteOf(response);
  const proxied =
    note === undefined
      ? {}
      : {
          answeredBy: note.answeredBy,
          ...(note.fallback === undefined ? {} : { fallback: note.fallback }),
          departures: note.departures.map(({ rule, side }) => ({ rule, side })),
          ...(note.cut === undefined ? {} : { cut: note.cut }),
        };
  return {
    time: Date.now() - ms,
    method: sent.method,
    target: sent.target,
    session: typeof sent.session === 'string' ? sent.session : null,
    status,
    ms: Math.round(ms * 10) / 10,
    ...(message === undefined ? {} : { message }),
    ...proxied,
  };
}
