/**
 * A starting profile read off a server: with GET requests, whether a list continues by Link,
 * its order, how it answers an out-of-range limit, and its error codes; with two creations no
 * conforming server stores (none with --read-only), what it does with a body labelled
 * text/plain. What needs a real creation (the default status, the name limit, unknown fields)
 * is left out, for the team to declare.
 */

import { linkTarget } from '../../spec/checks/link-header.ts';
import type { Profile } from '../../spec/profile.ts';
import type { ServerUnderTest } from '../client/preflight.ts';
import { observeMediaTypes } from './media-types.ts';

type Item = { id?: unknown; name?: unknown };

const sorted = (values: readonly bigint[], descending = false) =>
  values.every((v, i) => {
    const before = values[i - 1];
    return before === undefined || (descending ? before > v : before < v);
  });

/** The order a page shows, when it shows one (two animals at least). */
function orderOf(items: readonly Item[]): Profile['order'] | undefined {
  if (items.length < 2 || items.some((p) => !/^\d+$/.test(String(p.id)))) return undefined;
  const ids = items.map((p) => BigInt(String(p.id)));
  if (sorted(ids)) return 'id-asc';
  // Descending ids are newest-first too, on a server that assigns them in order.
  if (sorted(ids, true)) return 'id-desc';
  const names = items.map((p) => String(p.name));
  if (names.every((n, i) => i === 0 || (names[i - 1] as string) <= n)) return 'name-asc';
  return 'any';
}

/** Observes a server's gap choices (GET requests only) as a profile with notes on each. */
export async function observeProfile(
  server: ServerUnderTest,
  fetcher: typeof fetch = fetch,
  readOnly = false,
): Promise<{ profile: Profile; notes: string[] }> {
  const get = async (path: string, key = true) => {
    const headers: Record<string, string> = key ? { authorization: `Bearer ${server.apiKey}` } : {};
    const response = await fetcher(`${server.baseUrl}${path}`, { headers });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, link: response.headers.get('link'), json };
  };
  const codeOf = (json: unknown) =>
    typeof json === 'object' &&
    json !== null &&
    typeof (json as Item & { code?: unknown }).code === 'string'
      ? (json as { code: string }).code
      : undefined;
  const profile: Profile = {};
  const notes: string[] = [];
  const first = await get('/pets?limit=1');
  const page = await get('/pets?limit=100');
  const items = Array.isArray(page.json) ? (page.json as Item[]) : [];
  if (linkTarget(first.link ?? undefined, 'next') !== undefined) profile.pagination = 'link';
  else if (items.length > 1) profile.pagination = 'none';
  else notes.push('pagination: not observed (fewer than two animals); none or link');
  const order = orderOf(items);
  if (order) profile.order = order;
  else notes.push('order: not observed (fewer than two animals listed)');
  const over = await get('/pets?limit=101');
  if (over.status === 200 && Array.isArray(over.json) && over.json.length <= 100)
    profile.outOfRangeLimit = 'clamp';
  else if (over.status >= 400 && over.status < 500) profile.outOfRangeLimit = over.status;
  const codes: NonNullable<Profile['errorCodes']> = {};
  const unauthorized = codeOf((await get('/pets', false)).json);
  if (unauthorized) codes['401'] = unauthorized;
  const absent = await get(`/pets/${2n ** 63n - 1n}`);
  if (absent.status === 404 && codeOf(absent.json)) codes['404'] = codeOf(absent.json);
  const zero = await get('/pets?limit=0');
  if (zero.status === 400 && codeOf(zero.json)) codes['400'] = codeOf(zero.json);
  if (Object.keys(codes).length > 0) profile.errorCodes = codes;
  notes.push(
    'defaultStatus: not observed (it needs a creation); available, pending, sold or omitted',
    'maxNameLength: not observed (it needs a creation); the longest name accepted',
    'unknownFields: not observed (it needs a creation); ignore or refuse',
  );
  if (readOnly)
    notes.push('otherMediaTypes: not observed (--read-only sends no POST); read or refuse');
  else {
    const media = await observeMediaTypes(server, fetcher);
    if (media.otherMediaTypes) profile.otherMediaTypes = media.otherMediaTypes;
    if (media.note) notes.push(media.note);
  }
  return { profile, notes };
}
