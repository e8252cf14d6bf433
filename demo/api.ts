/**
 * The demo's API client: plain fetch against the base URL, showing what a frontend sees
 * (status, the Error object, and the headers the mock exposes through CORS).
 */
import { parseJson, stringifyJson } from '../spec/json.ts';

/** What the demo shows of one response. */
export type ApiResult = {
  method: string;
  url: string;
  status: number;
  body: unknown;
  headers: Headers;
};

/** Per-call options: a key other than the page's, or a `Prefer` header forcing a status. */
export type CallOptions = { key?: string; prefer?: string };

/** Where the API lives and which key the page currently sends. */
export type ApiClient = { baseUrl: string; key: () => string };

async function call(
  client: ApiClient,
  method: 'GET' | 'POST',
  url: string,
  body: string | undefined,
  options: CallOptions,
): Promise<ApiResult> {
  const headers = new Headers({ Authorization: `Bearer ${options.key ?? client.key()}` });
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  if (options.prefer) headers.set('Prefer', options.prefer);
  const response = await fetch(url, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text === '' ? undefined : parseJson(text);
  } catch {
    // Not JSON: keep the text, the page shows it as it came.
  }
  return { method, url, status: response.status, body: parsed, headers: response.headers };
}

/** GET /pets with the status filter and page size (listPets). */
export function listPets(
  client: ApiClient,
  query: { status?: string; limit?: number },
  options: CallOptions = {},
): Promise<ApiResult> {
  const url = new URL(`${client.baseUrl}/pets`);
  if (query.limit !== undefined) url.searchParams.set('limit', String(query.limit));
  if (query.status) url.searchParams.set('status', query.status);
  return call(client, 'GET', url.href, undefined, options);
}

/** Follows a `Link` rel="next" URL, refusing one outside the base URL (the key goes with it). */
export function listPage(client: ApiClient, nextUrl: string): Promise<ApiResult> {
  if (!nextUrl.startsWith(`${client.baseUrl}/`)) {
    throw new Error(`refusing to send the key to ${nextUrl}: it is outside ${client.baseUrl}`);
  }
  return call(client, 'GET', nextUrl, undefined, {});
}

/** POST /pets with a JSON body built from the form's fields (createPet). */
export function createPet(
  client: ApiClient,
  fields: Record<string, unknown>,
  options: CallOptions = {},
): Promise<ApiResult> {
  return call(client, 'POST', `${client.baseUrl}/pets`, stringifyJson(fields), options);
}

/** GET /pets/{petId}, the deprecated single-pet read (getPet). */
export function getPet(
  client: ApiClient,
  petId: string,
  options: CallOptions = {},
): Promise<ApiResult> {
  const url = `${client.baseUrl}/pets/${encodeURIComponent(petId)}`;
  return call(client, 'GET', url, undefined, options);
}

/** The URL of the `Link` header's rel="next" entry, if the response has one. */
export function nextLink(headers: Headers): string | undefined {
  const link = headers.get('Link') ?? '';
  return /<([^>]+)>\s*;\s*rel="?next"?/.exec(link)?.[1];
}
