/**
 * One request/response exchange with the server under test, recorded whole so that
 * checks can judge it and reports can show it. Bodies are parsed losslessly (int64).
 */
import { parseJson, stringifyJson } from '../spec/json.ts';

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
  /** The Authorization value as a shell expression over `$PETSTORE_API_KEY`, for reports. */
  authShell?: string;
};

/** A response as received: status, lower-cased headers, raw text and parsed JSON (if any). */
export type Response = {
  status: number;
  headers: Record<string, string>;
  text: string;
  json: unknown;
  /** Whether `text` parsed as JSON. */
  isJson: boolean;
};

/** A request with the response it received. */
export type Exchange = { request: Request; response: Response; url: string };

/** Sends requests to one base URL and hands every exchange to `onExchange`. */
export type Client = {
  baseUrl: string;
  send(request: Request): Promise<Exchange>;
};

/** Creates a client for a base URL (ending in `/v1`). */
export function createClient(
  baseUrl: string,
  onExchange: (e: Exchange) => void = () => {},
): Client {
  const root = baseUrl.replace(/\/+$/, '');
  return {
    baseUrl: root,
    async send(request) {
      const url = `${root}${request.path}`;
      const body =
        request.rawBody ?? (request.body === undefined ? undefined : stringifyJson(request.body));
      const res = await fetch(url, {
        method: request.method,
        headers: request.headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(15_000),
      });
      const text = await res.text();
      const headers: Record<string, string> = {};
      res.headers.forEach((value, key) => {
        headers[key] = value;
      });
      let json: unknown;
      let isJson = false;
      try {
        json = parseJson(text);
        isJson = true;
      } catch {
        json = undefined;
      }
      const exchange = {
        request,
        url,
        response: { status: res.status, headers, text, json, isJson },
      };
      onExchange(exchange);
      return exchange;
    },
  };
}

/** The Authorization header with the key, the way the interface says to send it. */
export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/** Headers of a JSON creation request with the key. */
export const jsonWithKey = (key: string) => ({
  ...bearer(key),
  'content-type': 'application/json',
});
