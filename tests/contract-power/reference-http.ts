/**
 * How the reference server writes its answers: pets (with their faults of shape), JSON
 * bodies and Error objects, in the variant's style.
 */
import type { ServerResponse } from 'node:http';
import { stringifyJson } from '../../spec/json.ts';
import type { Fault } from './faults.ts';
import type { StoredPet } from './reference-rules.ts';
import type { Variant } from './variants.ts';

const CODES: Record<number, string> = {
  400: 'validation_failed',
  401: 'unauthorized',
  404: 'not_found',
  410: 'gone',
  415: 'unsupported_media_type',
  500: 'internal_error',
};

/** The writers of one reference server. */
export type Responder = ReturnType<typeof createResponder>;

/** Creates the writers of a server with this variant and fault. */
export function createResponder(variant: Variant, has: (f: Fault) => boolean) {
  /** A pet as one operation writes it. */
  const view = (pet: StoredPet, by: 'createPet' | 'getPet' | 'listPets') => {
    const rounded =
      has('rounded-int64-ids') || (has('ids-rounded-when-read') && by !== 'createPet');
    const out: Record<string, unknown> = { ...pet, id: rounded ? Number(pet.id) : pet.id };
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
    };
    if (has('error-without-status')) delete body.status;
    send(res, status, body, variant.errorMediaType ?? 'application/json');
  };

  return { view, send, byHand, error };
}
