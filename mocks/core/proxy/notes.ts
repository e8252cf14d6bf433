/**
 * What proxy mode adds to an answer, for its log line and its journal entry: who answered
 * (the backend, or the mock), why the mock did, the departures its exchange shows, the body
 * as the app got it, and why it was cut. Kept beside the Response, never in it.
 */
import type { RuleId } from '../../../spec/checks/check.ts';
import type { Departure } from '../../../spec/checks/departures.ts';

/** What proxy mode adds to an answer, for the log line and the journal. */
export type ProxyNote = {
  answeredBy: 'backend' | 'mock';
  /** Why the mock answered instead (`--proxy-fallback`). */
  fallback?: string;
  departures: Departure[];
  /** The rules the backend's answer was judged by (none when the mock answered). */
  judged?: RuleId[];
  /** Whether the backend's key went in place of the app's (a key the mock accepts). */
  keyLent?: boolean;
  /** The body text as the app got it (the key masked), for the journal. */
  text?: string;
  /** Why the app's answer was cut mid-body (its connection ended): the body went past a bound, or the backend's time ran out. */
  cut?: string;
};

const notes = new WeakMap<Response, ProxyNote>();

/** The proxy note of an answer, when the proxy made or judged it. */
export const proxyNoteOf = (response: Response): ProxyNote | undefined => notes.get(response);

/** Puts `note` on the answer it describes. */
export function noteAnswer(response: Response, note: ProxyNote): Response {
  notes.set(response, note);
  return response;
}

const errorNotes = new WeakMap<object, ProxyNote>();

/** Puts `note` on a refusal (an error thrown), for the response it becomes (carryNote). */
export function noteRefusal(error: object, note: ProxyNote): void {
  errorNotes.set(error, note);
}

/** Puts the note of a refusal the mock made on fallback on the response it became. */
export function carryNote(error: unknown, response: Response): void {
  const note = typeof error === 'object' && error !== null ? errorNotes.get(error) : undefined;
  if (note !== undefined) notes.set(response, note);
}
