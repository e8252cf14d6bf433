/**
 * The benchmark's yardstick: a bare `node:http` server doing the mock's work for the three
 * operations (bearer check, `limit`/`status`/`petId` validation, JSON body parse and field
 * checks, id assignment, ascending-id pages from a per-status index, the same response shapes
 * and headers) over an array and a Map, with no framework. It is the limit for Node here.
 */
import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_API_KEY } from '../mocks/core/defaults.ts';

type Status = 'available' | 'pending' | 'sold';
type Pet = { id: number; name: string; categoryId: number; status: Status };

const STATUSES: readonly Status[] = ['available', 'pending', 'sold'];
const MAX_BODY = 65_536;
const DEPRECATION = {
  deprecation: '@1795305600',
  sunset: 'Thu, 05 Dec 2030 00:00:00 GMT',
};

/** Options of the bare server; `seedCount` pets are made as `Pet N`, statuses in turn. */
export type BareServerOptions = {
  host?: string;
  port?: number;
  seedCount?: number;
  apiKeys?: string[];
};

/** The in-memory store: every pet in id order, a Map by id and one id-ordered list per status. */
function createStore(seedCount: number) {
  const all: Pet[] = [];
  const byId = new Map<number, Pet>();
  const byStatus = new Map<Status, Pet[]>(STATUSES.map((s) => [s, []]));
  const add = (fields: Omit<Pet, 'id'>): Pet => {
    const pet = { id: all.length + 1, ...fields };
    all.push(pet);
    byId.set(pet.id, pet);
    byStatus.get(pet.status)?.push(pet);
    return pet;
  };
  for (let i = 1; i <= seedCount; i += 1) {
    add({ name: `Pet ${i}`, categoryId: 1 + (i % 5), status: STATUSES[i % 3] as Status });
  }
  return { all, byId, byStatus, add };
}

/** Index of the first pet with an id above `after` in an id-ordered list (binary search). */
function firstAfter(pets: Pet[], after: number): number {
  let low = 0;
  let high = pets.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((pets[mid] as Pet).id <= after) low = mid + 1;
    else high = mid;
  }
  return low;
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

const fail = (res: ServerResponse, status: number, code: string, message: string, headers = {}) =>
  send(res, status, { code, message, status }, headers);

/** Builds the request listener over a fresh store. */
export function createBareListener(options: { seedCount: number; apiKeys: string[] }) {
  const store = createStore(options.seedCount);
  const keys = options.apiKeys.map((key) => Buffer.from(key));
  const authorized = (header: string | undefined): boolean => {
    if (header?.slice(0, 7).toLowerCase() !== 'bearer ') return false;
    const sent = Buffer.from(header.slice(7));
    return keys.some((key) => key.length === sent.length && timingSafeEqual(key, sent));
  };

  const listPets = (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const limitText = url.searchParams.get('limit') ?? '20';
    const limit = /^\d{1,3}$/.test(limitText) ? Number(limitText) : 0;
    if (limit < 1 || limit > 100) {
      return fail(
        res,
        400,
        'validation_failed',
        `limit must be an integer from 1 to 100, got "${limitText}"`,
      );
    }
    const status = url.searchParams.get('status');
    if (status !== null && !STATUSES.includes(status as Status)) {
      return fail(res, 400, 'validation_failed', `status must be one of ${STATUSES.join(', ')}`);
    }
    const cursor = url.searchParams.get('cursor');
    const after = cursor === null ? 0 : Number(Buffer.from(cursor, 'base64url').toString());
    if (!Number.isSafeInteger(after) || after < 0)
      return fail(res, 400, 'validation_failed', 'cursor is unusable');
    const pool = status === null ? store.all : (store.byStatus.get(status as Status) as Pet[]);
    const start = firstAfter(pool, after);
    const page = pool.slice(start, start + limit);
    const headers: Record<string, string> = {};
    const last = page[page.length - 1];
    if (last && start + limit < pool.length) {
      const next = new URL(`http://${req.headers.host}/v1/pets`);
      next.searchParams.set('limit', String(limit));
      if (status !== null) next.searchParams.set('status', status);
      next.searchParams.set('cursor', Buffer.from(String(last.id)).toString('base64url'));
      headers.link = `<${next.href}>; rel="next"`;
    }
    send(res, 200, page, headers);
  };

  const getPet = (req: IncomingMessage, res: ServerResponse, idText: string) => {
    const headers = {
      ...DEPRECATION,
      link: `<http://${req.headers.host}/v1/pets>; rel="successor-version"`,
    };
    const id = /^[1-9]\d{0,15}$/.test(idText) ? Number(idText) : 0;
    if (!Number.isSafeInteger(id) || id < 1) {
      return fail(
        res,
        400,
        'validation_failed',
        `petId must be a positive integer, got "${idText}"`,
        headers,
      );
    }
    const pet = store.byId.get(id);
    if (!pet) return fail(res, 404, 'not_found', `no pet with id ${idText}`, headers);
    send(res, 200, pet, headers);
  };

  const createPet = (res: ServerResponse, text: string) => {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      return fail(
        res,
        400,
        'malformed_json',
        `request body is not valid JSON: ${(error as Error).message}`,
      );
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return fail(res, 400, 'validation_failed', 'body must be an object');
    }
    const { name, categoryId, status = 'available', ...rest } = body as Record<string, unknown>;
    const extra = Object.keys(rest)[0];
    if (extra !== undefined) return fail(res, 400, 'validation_failed', `${extra} is not allowed`);
    if (typeof name !== 'string' || name.length > 255 || !/\S/.test(name)) {
      return fail(
        res,
        400,
        'validation_failed',
        'name must be a non-blank string of at most 255 characters',
      );
    }
    if (typeof categoryId !== 'number' || !Number.isSafeInteger(categoryId) || categoryId < 1) {
      return fail(res, 400, 'validation_failed', 'categoryId must be a positive integer');
    }
    if (!STATUSES.includes(status as Status)) {
      return fail(res, 400, 'validation_failed', `status must be one of ${STATUSES.join(', ')}`);
    }
    const pet = store.add({ name, categoryId, status: status as Status });
    send(res, 201, pet, { location: `/v1/pets/${pet.id}` });
  };

  return (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (!url.pathname.startsWith('/v1/'))
      return fail(res, 404, 'not_found', `no route ${url.pathname}`);
    if (!authorized(req.headers.authorization)) {
      return fail(
        res,
        401,
        'unauthorized',
        'missing API key: send Authorization: Bearer <API_KEY>',
        {
          'www-authenticate': 'Bearer realm="petstore"',
        },
      );
    }
    if (url.pathname === '/v1/pets' && req.method === 'GET') return listPets(req, res, url);
    if (url.pathname.startsWith('/v1/pets/') && req.method === 'GET') {
      return getPet(req, res, url.pathname.slice('/v1/pets/'.length));
    }
    if (url.pathname !== '/v1/pets' || req.method !== 'POST') {
      return fail(res, 404, 'not_found', `no route ${req.method} ${url.pathname}`);
    }
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
      return fail(res, 415, 'unsupported_media_type', 'Content-Type must be application/json');
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > MAX_BODY)
        return fail(
          res,
          413,
          'payload_too_large',
          `request body must be at most ${MAX_BODY} bytes`,
        );
      createPet(res, Buffer.concat(chunks).toString('utf8'));
    });
  };
}

/** Starts the bare server; resolves with its origin and a `close`. */
export async function startBareServer(options: BareServerOptions = {}) {
  const listener = createBareListener({
    seedCount: options.seedCount ?? 1000,
    apiKeys: options.apiKeys ?? [DEFAULT_API_KEY],
  });
  const server = createServer(listener);
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${options.host ?? '127.0.0.1'}:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
