/**
 * One request/response exchange with a server, recorded whole so that checks can judge it and
 * reports can show it: what the contract suite sends and receives, and what the mock's proxy
 * forwards and gets back. Bodies are parsed losslessly (int64).
 */
import { stringifyJson } from '../json.ts';

/** The operations of the interface, plus `other` for requests outside them. */
export type OperationId = 'listPets' | 'createPet' | 'getPet' | 'other';

/** A request as the suite sends it. `body` is serialised with stringifyJson unless `rawBody` is given. */
export type Request = {
  operation: OperationId;
  method: string;
  /** Path and query relative to the base URL, e.g. `/pets?limit=1`. */
  path: string;
  headers: Record<string, string>;
  body?: unknown;
  rawBody?: string;
  /** The body as bytes, for bodies that are not UTF-8 text (sent instead of `body`/`rawBody`). */
  rawBytes?: Uint8Array;
  /** Headers the transport adds by default that this request goes without (`accept`). */
  without?: readonly string[];
  /** The Authorization value as a shell expression over `$PETSTORE_API_KEY`, for the curl. */
  authShell?: string;
  /** The Authorization value as a report shows it, the key masked (a near miss: what was made of it). */
  authShown?: string;
  /** The key, to be written as `$PETSTORE_API_KEY` wherever else it appears (a header, the URL). */
  secret?: string;
  /**
   * Sent at once with others on purpose (a burst of identical creations); --concurrency
   * still bounds it, so a burst larger than it goes that many at a time.
   */
  burst?: boolean;
  /**
   * Headers go out exactly as written, the Authorization header's name and scheme included
   * (the request tests a form of the key); otherwise the key goes in the form the server took.
   */
  spelled?: boolean;
};

/** A response as received: status, lower-cased headers, raw text and parsed JSON (if any). */
export type Response = {
  status: number;
  headers: Record<string, string>;
  text: string;
  json: unknown;
  /** Whether `text` parsed as JSON. */
  isJson: boolean;
  /** How the answer failed to arrive whole (transport), when it did: status 0 if none came. */
  fault?: string;
  /** Why reading stopped before the end (a list still going past its limit); `text` is what was read. */
  cut?: string;
};

/** A request with the response it received, and how often it was throttled (429, 503) first. */
export type Exchange = { request: Request; response: Response; url: string; throttled?: number };

/** The body text of a request (`rawBody`, or `body` as JSON); undefined for none or bytes. */
export const bodyText = (request: Request): string | undefined =>
  request.rawBody ?? (request.body === undefined ? undefined : stringifyJson(request.body));

/** A header's value whatever the case its name was written in (HTTP names ignore case). */
export const headerOf = (headers: Record<string, string>, name: string): string | undefined => {
  const wanted = name.toLowerCase();
  return Object.entries(headers).find(([h]) => h.toLowerCase() === wanted)?.[1];
};
