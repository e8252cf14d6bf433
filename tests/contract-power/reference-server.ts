/**
 * A small, independent, in-memory server of the Pet Store interface (node:http), with
 * one switch per fault and per conforming variant, to prove the contract suite's power.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseJson, stringifyJson } from '../../spec/json.ts';
import {
  isRejection,
  readLimit,
  readStatus,
  type StoredPet,
  validateNewPet,
} from './reference-rules.ts';
import type { Fault, Variant } from './variants.ts';

/** The key the reference server accepts. */
export const REFERENCE_KEY = 'reference-key';

const CODES: Record<number, string> = {
  400: 'validation_failed',
  401: 'unauthorized',
  404: 'not_found',
  500: 'internal_error',
};

/** Starts the reference server on 127.0.0.1 (random port); returns its base URL and close. */
export async function startReferenceServer(options: { fault?: Fault; variant?: Variant } = {}) {
  const variant = options.variant ?? {};
  const has = (f: Fault) => options.fault === f;
  const pets = new Map<bigint, StoredPet>();
  // Rounding only shows above 2^53, so the rounding fault starts its ids there.
  let nextId = variant.firstId ?? (has('rounded-int64-ids') ? 2n ** 53n + 7n : 1n);
  const add = (pet: Omit<StoredPet, 'id'>) => {
    const stored = { id: nextId++, ...pet };
    pets.set(stored.id, stored);
    return stored;
  };
  for (let i = 0; i < (variant.preload ?? 0); i++)
    add({
      name: `other ${i}`,
      categoryId: BigInt((i % 5) + 1),
      status: ['available', 'pending', 'sold'][i % 3] as string,
    });

  const view = (pet: StoredPet) => {
    const id = has('rounded-int64-ids') ? Number(pet.id) : pet.id;
    const out: Record<string, unknown> = { ...pet, id };
    if (has('responses-miss-categoryId')) delete out.categoryId;
    return out;
  };

  const send = (
    res: ServerResponse,
    status: number,
    body: unknown,
    type = 'application/json; charset=utf-8',
  ) => {
    res.writeHead(status, { 'content-type': has('text-content-type') ? 'text/plain' : type });
    res.end(stringifyJson(body));
  };
  const error = (res: ServerResponse, status: number, message: string) => {
    if (has('error-not-json')) {
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(message);
      return;
    }
    const code = CODES[status] ?? 'error';
    const body: Record<string, unknown> = {
      code: variant.codeStyle === 'upper' ? code.toUpperCase().replaceAll('_', '-') : code,
      message,
      status: has('error-status-mismatch') ? (status === 404 ? 400 : 404) : status,
    };
    if (has('error-without-status')) delete body.status;
    send(res, status, body, variant.errorMediaType ?? 'application/json');
  };

  const authorized = (req: IncomingMessage) => {
    const header = req.headers.authorization ?? '';
    if (has('wrong-key-accepted') && /^Bearer \S+/.test(header)) return true;
    if (has('empty-bearer-accepted') && /^Bearer\s*$/.test(header)) return true;
    if (has('other-scheme-accepted') && header.endsWith(REFERENCE_KEY)) return true;
    return header === `Bearer ${REFERENCE_KEY}`;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, text: string) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const idMatch = /^\/v1\/pets\/([^/]+)$/.exec(url.pathname);
    const route =
      url.pathname === '/v1/pets'
        ? req.method === 'POST'
          ? 'createPet'
          : 'listPets'
        : idMatch
          ? 'getPet'
          : 'other';
    if (
      has('unknown-id-404-before-auth') &&
      idMatch &&
      !pets.has(BigInt(/^\d+$/.test(idMatch[1] ?? '') ? (idMatch[1] as string) : '0'))
    )
      return error(res, 404, 'no such pet');
    if (has('invalid-body-400-before-auth') && route === 'createPet' && !authorized(req)) {
      const parsed = (() => {
        try {
          return parseJson(text);
        } catch {
          return undefined;
        }
      })();
      const checked = validateNewPet(parsed, variant, has);
      if (isRejection(checked)) return error(res, 400, checked.message);
    }
    const skipAuth = route === 'getPet' && has('auth-skipped-on-getPet');
    if (!skipAuth && !authorized(req)) return error(res, 401, 'missing or invalid API key');
    if (route === 'listPets' && req.method === 'GET') {
      const limit = readLimit(url.searchParams.get('limit'), variant, has);
      if (isRejection(limit)) return error(res, limit.status, limit.message);
      const status = readStatus(url.searchParams.get('status'), has);
      if (isRejection(status)) return error(res, status.status, status.message);
      let list = [...pets.values()].filter((p) => status === undefined || p.status === status);
      if (variant.newestFirst) list.reverse();
      list = has('list-always-empty')
        ? []
        : list.slice(0, Math.min(limit, variant.pageCap ?? limit));
      const items = list.map(view);
      return send(res, 200, has('list-wrapped-in-object') ? { items } : items);
    }
    if (route === 'createPet') {
      let body: unknown;
      try {
        body = parseJson(text);
      } catch {
        return error(res, has('malformed-json-500') ? 500 : 400, 'request body is not valid JSON');
      }
      const checked = validateNewPet(body, variant, has);
      if (isRejection(checked)) return error(res, checked.status, checked.message);
      const created = view(add(checked));
      if (has('create-without-id')) delete created.id;
      return send(res, has('create-answers-200') ? 200 : 201, created);
    }
    if (route === 'getPet' && req.method === 'GET') {
      const raw = idMatch?.[1] ?? '';
      if (!/^\d+$/.test(raw))
        return error(
          res,
          variant.malformedIdIs404 ? 404 : 400,
          `petId must be a positive integer, got "${raw}"`,
        );
      const id = BigInt(raw);
      const pet = has('get-returns-another-pet') ? pets.get(id - 1n) : pets.get(id);
      if (!pet || has('state-not-kept')) return error(res, 404, `no pet with id ${raw}`);
      return send(res, 200, view(pet));
    }
    return error(res, 404, `no route ${req.method} ${url.pathname}`);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      handle(req, res, Buffer.concat(chunks).toString('utf8')).catch(() =>
        error(res, 500, 'internal error'),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
