/**
 * The faults of FORM_FAULTS (faults.ts): a rule kept on the plain form of a request and broken
 * on another (a filter, a cursor, a path form the server serves, a later page), a refused
 * creation kept, a field read under a near name, an animal read too soon after its creation.
 */
import type { Fault } from './faults.ts';
import type { StoredPet } from './reference-rules.ts';

type Has = (f: Fault) => boolean;

/** How long after its 201 an animal is seen half written, or not at all by getPet. */
export const FRESH_MS = 250;

/** Faults that need Link pages to show: the server writes them. */
export const linkPagesFor = (has: Has): boolean =>
  has('later-pages-ignore-limit') ||
  has('later-pages-ignore-status') ||
  has('auth-skipped-with-cursor');

/**
 * The path the router reaches for a path form, and whether the key check misses it: the
 * check is written for the paths as the interface writes them, the router is more lenient.
 */
export function formRoute(pathname: string, has: Has): { path: string; unchecked: boolean } {
  let path = pathname;
  if (has('auth-skipped-on-trailing-slash')) path = pathname.replace(/(?<=.)\/+$/, '');
  if (has('auth-skipped-on-other-case-path')) {
    const [empty, ...rest] = pathname.split('/');
    path = [empty, ...rest.slice(0, 2).map((s) => s.toLowerCase()), ...rest.slice(2)].join('/');
  }
  return { path, unchecked: path !== pathname };
}

/** Whether the fault serves this request without looking at its key. */
export function keyMissed(has: Has, route: string, url: URL, pet: StoredPet | undefined): boolean {
  if (route === 'listPets' && has('auth-skipped-with-status-filter'))
    return url.searchParams.has('status');
  if (route === 'listPets' && has('auth-skipped-with-cursor'))
    return url.searchParams.has('cursor');
  if (route === 'getPet' && has('auth-skipped-for-available-pets'))
    return pet?.status === 'available';
  return false;
}

/** The limit and filter a page after the first is read with (both forgotten by a fault). */
export function laterPage<S>(
  has: Has,
  url: URL,
  limit: number,
  status: S,
): [number, S | undefined] {
  if (!url.searchParams.has('cursor')) return [limit, status];
  return [
    has('later-pages-ignore-limit') ? 50 : limit,
    has('later-pages-ignore-status') ? undefined : status,
  ];
}

/** The body with a required field read from a near name in its place, as an alias mapper does. */
export function aliased(body: unknown, has: Has): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const sent = body as Record<string, unknown>;
  const alias = has('field-alias-accepted')
    ? 'category_id'
    : has('kebab-alias-accepted')
      ? 'category-id'
      : undefined;
  if (alias === undefined || 'categoryId' in sent || !(alias in sent)) return body;
  const { [alias]: value, ...rest } = sent;
  return { ...rest, categoryId: value };
}

/** When each animal was created (ms), for the faults that show a fresh one otherwise. */
export function freshness(has: Has) {
  const createdAt = new Map<bigint, number>();
  const fresh = (id: bigint) => Date.now() - (createdAt.get(id) ?? 0) < FRESH_MS;
  return {
    /** Notes an animal just created. */
    created(id: bigint): void {
      if (has('fresh-rows-half-written') || has('reads-lag-after-create'))
        createdAt.set(id, Date.now());
    },
    /** A list's view of an animal: half written while fresh, under the fault. */
    listed(out: Record<string, unknown>, id: bigint): Record<string, unknown> {
      return has('fresh-rows-half-written') && fresh(id)
        ? { ...out, name: null, categoryId: null }
        : out;
    },
    /** Whether getPet does not see the animal yet (the replica lags). */
    lagging: (id: bigint): boolean => has('reads-lag-after-create') && fresh(id),
  };
}
