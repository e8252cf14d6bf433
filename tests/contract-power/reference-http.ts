/**
 * How the reference server writes its answers: pets (with their faults of shape), JSON
 * bodies and Error objects, in the variant's style.
 */
import { randomBytes } from 'node:crypto';
import { type ServerResponse, STATUS_CODES } from 'node:http';
import { stringifyJson } from '../../spec/json.ts';
import type { Fault } from './faults.ts';
import type { Leniency } from './leniencies.ts';
import type { StoredPet } from './reference-rules.ts';
import type { Variant } from './variants.ts';

const CODES: Record<number, string> = {
  400: 'validation_failed',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  410: 'gone',
  415: 'unsupported_media_type',
  500: 'internal_error',
};

/** The writers of one reference server. */
export type Responder = ReturnType<typeof createResponder>;

// When each animal was first written, for the members a lenient server adds to it.
const STARTED = Date.now();

/** The members a lenient server adds to every animal (the same on every read). */
const extraMembers = (pet: StoredPet, leniency: Leniency | undefined) => {
  if (leniency === 'pets-carry-hal-links')
    return { _links: { self: { href: `/v1/pets/${pet.id}` } } };
  if (leniency !== 'pets-carry-extra-members') return {};
  const at = new Date(STARTED + Number(pet.id % 1_000_000n)).toISOString();
  return { createdAt: at, updatedAt: at, tags: [] };
};

/** The members a lenient server adds to every Error, as Spring Boot and ASP.NET Core do. */
const extraErrorMembers = (status: number, message: string, leniency: Leniency | undefined) =>
  leniency === 'errors-carry-extra-members'
    ? {
        timestamp: new Date().toISOString(),
        error: STATUS_CODES[status] ?? 'Error',
        detail: message,
        traceId: randomBytes(16).toString('hex'),
      }
    : {};

/** Creates the writers of a server with this variant, fault and leniency. */
export function createResponder(variant: Variant, has: (f: Fault) => boolean, leniency?: Leniency) {
  /** A pet as one operation writes it. */
  const view = (pet: StoredPet, by: 'createPet' | 'getPet' | 'listPets') => {
    const rounded =
      has('rounded-int64-ids') || (has('ids-rounded-when-read') && by !== 'createPet');
    const out: Record<string, unknown> = {
      ...pet,
      id: rounded ? Number(pet.id) : pet.id,
      ...extraMembers(pet, leniency),
    };
    if (has('responses-miss-categoryId')) delete out.categoryId;
    if (has('list-trims-names') && by === 'listPets') out.name = pet.name.trim();
    return out;
  };
  const send = (res: ServerResponse, status: number, body: unknown, type = 'application/json') => {
    res.writeHead(status, { 'content-type': has('text-content-type') ? 'text/plain' : type });
    res.end(stringifyJson(body));
  };
  // What a template engine writes when nobody escapes the name.
  const byHand = (pet: StoredPet) =>
    `{"id":${pet.id},"name":"${pet.name}","categoryId":${pet.categoryId}${pet.status ? `,"status":"${pet.status}"` : ''}}`;
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
      ...extraErrorMembers(status, message, leniency),
    };
    if (status === 401 && leniency === 'challenge-another-realm')
      res.setHeader(
        'www-authenticate',
        `Bearer realm="api", error="invalid_token", error_description="${message}"`,
      );
    if (has('error-without-status')) delete body.status;
    send(res, status, body, variant.errorMediaType ?? 'application/json');
  };

  return { view, send, byHand, error };
}

/** Makes an answer announce 20 bytes more than its body, then close the connection. */
export function cutShort(res: ServerResponse): void {
  let head: { status: number; headers: Record<string, string> } = { status: 200, headers: {} };
  res.writeHead = ((status: number, headers?: Record<string, string>) => {
    head = { status, headers: headers ?? {} };
    return res;
  }) as typeof res.writeHead;
  res.end = ((body?: string) => {
    const bytes = Buffer.from(body ?? '');
    const socket = res.socket;
    const lines = Object.entries({ ...head.headers, 'content-length': bytes.length + 20 });
    socket?.end(
      Buffer.concat([
        Buffer.from(
          `HTTP/1.1 ${head.status} X\r\n${lines.map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`,
        ),
        bytes,
      ]),
    );
    return res;
  }) as typeof res.end;
}
