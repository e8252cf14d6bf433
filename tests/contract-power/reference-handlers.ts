/**
 * The reference server's three operations, once the request is authenticated.
 */
import type { ServerResponse } from 'node:http';
import { parseJson, stringifyJson } from '../../spec/json.ts';
import type { Fault } from './faults.ts';
import { bodyText, HTML_500 } from './reference-body.ts';
import { aliased, freshness, laterPage } from './reference-forms.ts';
import type { Responder } from './reference-http.ts';
import { converted } from './reference-lax.ts';
import { linkHeader } from './reference-links.ts';
import {
  isRejection,
  readLimit,
  readStatus,
  ServerFault,
  type StoredPet,
  validateNewPet,
} from './reference-rules.ts';
import type { createStore } from './reference-store.ts';
import type { Variant } from './variants.ts';

/** Parses JSON text, or gives undefined. */
export const parsed = (text: string): unknown => {
  try {
    return parseJson(text);
  } catch {
    return undefined;
  }
};

const MEMBERS = ['name', 'categoryId', 'status'];

/** An object's members matched to the payload's names ignoring case, as Go's encoding/json does. */
const caseFolded = (body: unknown): unknown =>
  typeof body === 'object' && body !== null && !Array.isArray(body)
    ? Object.fromEntries(
        Object.entries(body).map(([key, value]) => [
          MEMBERS.find((m) => m.toLowerCase() === key.toLowerCase()) ?? key,
          value,
        ]),
      )
    : body;

type Context = {
  variant: Variant;
  has: (f: Fault) => boolean;
  store: ReturnType<typeof createStore>;
  out: Responder;
};

/**
 * A petId read as a framework reads it: JavaScript's Number() (Express's usual
 * `Number(req.params.petId)`), or Python's int() (FastAPI's `petId: int`); undefined when
 * it is no whole number then (answered 404, as a lookup of NaN finds nothing).
 */
function readPetId(raw: string, how: 'number' | 'python-int'): string | undefined {
  if (how === 'number') {
    const n = Number(raw);
    return Number.isSafeInteger(n) && n >= 0 ? String(n) : undefined;
  }
  // int() takes surrounding whitespace, a sign, underscores between digits and any script's digits.
  const m = /^\s*\+?(\p{Nd}+(?:_\p{Nd}+)*)\s*$/u.exec(raw);
  if (!m) return undefined;
  return [...(m[1] as string).replaceAll('_', '')]
    .map((d) => String((d.codePointAt(0) as number) - nineBelow(d)))
    .join('');
}

/** The code point of the zero of a digit's script (digits come in tens, zero first). */
export const nineBelow = (digit: string) => {
  let cp = digit.codePointAt(0) as number;
  while (/\p{Nd}/u.test(String.fromCodePoint(cp - 1)) && (digit.codePointAt(0) as number) - cp < 9)
    cp -= 1;
  return cp;
};

/** The handlers of listPets, createPet and getPet. */
export function createHandlers({ variant, has, store, out }: Context) {
  const { send, error, view, byHand } = out;
  const fresh = freshness(has);
  // A conforming server may refuse bad parameters with another client error (the interface
  // leaves it open); a fault's own status (a 5xx) stays as it is.
  const refusal = variant.parameterErrorStatus ?? 400;
  const refused = (status: number) => (status === 400 ? refusal : status);
  // A list cache that forgets to expire on writes: each query's answer is kept 30 s.
  const cache = new Map<string, { at: number; list: StoredPet[] }>();
  const cached = (key: string, read: () => StoredPet[]) => {
    if (!has('list-cached-30s')) return read();
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < 30_000) return hit.list;
    const list = read();
    cache.set(key, { at: Date.now(), list });
    return list;
  };
  const listPets = (res: ServerResponse, url: URL) => {
    const names = [...url.searchParams.keys()];
    const repeated = names.length !== new Set(names).size;
    const unknown = names.some((n) => n !== 'limit' && n !== 'status');
    if (repeated && has('server-error-on-repeated-params')) throw new ServerFault('repeated');
    if (unknown && has('server-error-on-unknown-query')) throw new ServerFault('unknown');
    if ((repeated || unknown) && variant.strictQuery)
      return error(res, refusal, 'query parameters must be limit and status, once each');
    const limit = readLimit(url.searchParams.get('limit'), variant, has);
    if (isRejection(limit)) return error(res, refused(limit.status), limit.message);
    const asked = readStatus(url.searchParams.get('status'), has);
    if (isRejection(asked)) return error(res, refused(asked.status), asked.message);
    const [size, status] = laterPage(has, url, limit, asked);
    const cursor = variant.linkPages ? url.searchParams.get('cursor') : null;
    const all = cached(url.search, () => store.list(status));
    const from = cursor === null ? 0 : all.findIndex((p) => String(p.id) === cursor) + 1;
    if (cursor !== null && from === 0) return error(res, refusal, 'cursor is not a listed id');
    const page = has('list-always-empty')
      ? []
      : all.slice(from, from + Math.min(size, variant.pageCap ?? size));
    const link = linkHeader({ url, limit, all, from, count: page.length }, variant, has);
    if (link !== undefined) res.setHeader('link', link);
    if (page.length === 0 && status === undefined && has('empty-catalogue-404'))
      return error(res, 404, 'no pets found');
    // A Go server's nil slice: nothing matched, so nothing was appended, and nil is null.
    if (page.length === 0 && status !== undefined && has('empty-filter-null'))
      return send(res, 200, null);
    const items = page.map((pet) => fresh.listed(view(pet, 'listPets'), pet.id));
    return send(res, 200, has('list-wrapped-in-object') ? { items } : items);
  };

  const createPet = async (res: ServerResponse, text: string | null, type: string | undefined) => {
    const source = bodyText(text, type, has, variant.readsAnyMediaType);
    if (isRejection(source) && source.message === HTML_500) {
      res.writeHead(500, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(HTML_500);
    }
    if (isRejection(source)) return error(res, source.status, source.message);
    const read = aliased(parsed(source), has);
    const body = has('member-names-case-insensitive') ? caseFolded(read) : read;
    if (body === undefined)
      return error(res, has('malformed-json-500') ? 500 : 400, 'request body is not valid JSON');
    const checked = validateNewPet(converted(body, has), variant, has);
    const sent = body as Record<string, unknown>;
    // A column of 63 characters and no check before the insert: the database's error escapes.
    if (has('name-over-63-500') && !isRejection(checked) && [...checked.name].length > 63)
      return error(res, 500, 'value too long for type character varying(63)');
    if (isRejection(checked)) {
      // Inserted first, validated after: the fault keeps what it then refuses.
      if (has('rejected-create-stored') && typeof sent?.name === 'string')
        store.add({ name: sent.name, categoryId: 1n });
      return error(res, checked.status, checked.message);
    }
    // Answered as created, but lost on the way to storage (a URL-decoding layer choking on %).
    if (has('percent-names-dropped') && checked.name.includes('%'))
      return send(
        res,
        201,
        view({ id: 2n ** 62n + BigInt(checked.name.length), ...checked }, 'createPet'),
      );
    const pet = await store.create(checked, sent.id);
    fresh.created(pet.id);
    if (has('json-built-by-hand')) {
      res.writeHead(201, { 'content-type': 'application/json' });
      return res.end(byHand(pet));
    }
    const created = view(pet, 'createPet');
    if (has('create-without-id')) delete created.id;
    return send(res, has('create-answers-200') ? 200 : 201, created);
  };

  const getPet = (res: ServerResponse, raw: string) => {
    const lenient = has('petId-parsed-leniently') && /^\d+\./.test(raw);
    const read = variant.petIdReading ? readPetId(raw, variant.petIdReading) : raw;
    if (read === undefined) return error(res, 404, `no pet with id ${raw}`);
    const digits = lenient ? String(Number.parseInt(raw, 10)) : read;
    if (!/^\d+$/.test(digits))
      return error(
        res,
        variant.malformedIdIs404 ? 404 : refusal,
        `petId must be a positive integer, got "${raw}"`,
      );
    if (has('server-error-on-huge-petId') && BigInt(digits) > 2n ** 63n - 1n)
      throw new ServerFault('overflow');
    const id = has('petId-read-as-double') ? BigInt(Number(digits)) : BigInt(digits);
    const pet = has('get-returns-another-pet') ? store.get(id - 1n) : store.get(id);
    if (!pet || has('state-not-kept') || fresh.lagging(pet.id))
      return error(res, 404, `no pet with id ${raw}`);
    if (has('json-with-bom')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(`\ufeff${stringifyJson(view(pet, 'getPet'))}`);
    }
    return send(res, 200, view(pet, 'getPet'));
  };

  return { listPets, createPet, getPet };
}
