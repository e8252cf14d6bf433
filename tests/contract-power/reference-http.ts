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
  500: 'internal_error',
};

/** The writers of one reference server. */
export type Responder = ReturnType<typeof createResponder>;

/** Creates the writers of a server with this variant and fault. */
export function createResponder(variant: Variant, has: (f: Fault) => boolean) {
  const view = (pet: StoredPet) => {
    const id = has('rounded-int64-ids') ? Number(pet.id) : pet.id;
    const out: Record<string, unknown> = { ...pet, id };
    if (has('responses-miss-categoryId')) delete out.categoryId;
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
