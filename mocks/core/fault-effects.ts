/**
 * What a queued fault does to the request it catches: a dropped connection (a network error,
 * no response at all), a wait, a status answered with an `Error` body, a page that is not
 * JSON, or the answer's body cut short or trickling. A fault with a status or no operation's
 * answer changes no data; one that shapes the real answer (cut short, trickling) lets the
 * operation run, as a server whose answer was lost or slowed on the way.
 */
import { responses } from '../../spec/document.ts';
import type { OperationId } from '../../spec/types.ts';
import { CODE_OF_STATUS, MockError } from './errors.ts';
import type { FaultEffect } from './faults.ts';
import { headersFor } from './prefer.ts';
import type { BodyTransport } from './transport.ts';

/** How a faulted answer's body leaves: whole, cut short (then the connection ends), or slowly. */
export type AnswerShape = { kind: 'cut-short' } | { kind: 'trickle'; overMs: number };

/** How long a trickling body takes when the fault gives no `delayMs`. */
export const DEFAULT_TRICKLE_MS = 3_000;
/** How many pieces a trickling body comes in. */
export const TRICKLE_PIECES = 10;

const shapes = new WeakMap<Response, AnswerShape>();

/** The shape an adapter must give a response whose body travels beside it (bodies-beside). */
export const answerShapeOf = (response: Response): AnswerShape | undefined => shapes.get(response);

/**
 * What applyFault decided: an answer of its own, or the shape to give the answer, which is a
 * status fault's `error` (errors.ts makes it a response) or else the operation's.
 */
export type FaultOutcome =
  | { answer: Response }
  | { shape: AnswerShape | undefined; error?: MockError };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const notJsonPage = (status: number) =>
  `<!doctype html>\n<html><head><title>${status}</title></head><body><h1>${status}</h1><p>petstore-mock: a fault queued with POST /__mock/faults answered this page instead of JSON.</p></body></html>\n`;

/** The status an operation answers when it succeeds (listPets 200, createPet 201, …). */
const successStatus = (operation: OperationId): number =>
  responses(operation).find((r) => r.status >= 200 && r.status < 300)?.status ?? 200;

/**
 * Applies a fault before the operation: a network error, a wait, then a page that is not
 * JSON, or a status fault's MockError and the shape of the answer.
 */
export async function applyFault(
  fault: FaultEffect,
  request: Request,
  operation: OperationId,
  allow: string,
  transport: BodyTransport,
): Promise<FaultOutcome> {
  if (fault.network !== undefined) return { answer: Response.error() };
  const trickle = fault.answer === 'trickle';
  if (fault.delayMs && !trickle) await sleep(fault.delayMs);
  const shape: AnswerShape | undefined = trickle
    ? { kind: 'trickle', overMs: fault.delayMs ?? DEFAULT_TRICKLE_MS }
    : fault.answer === 'cut-short'
      ? { kind: 'cut-short' }
      : undefined;
  if (fault.answer === 'not-json') {
    const status = fault.status ?? successStatus(operation);
    const page = transport.respond(request, notJsonPage(status), {
      status,
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
    });
    return { answer: page };
  }
  if (fault.status === undefined) return { shape };
  const code = CODE_OF_STATUS[fault.status] ?? 'injected_fault';
  const error = new MockError(
    fault.status,
    code,
    `${code} (${fault.status}) injected by a fault queued with POST /__mock/faults`,
    headersFor(operation, fault.status, request, allow),
  );
  return { shape, error };
}

/**
 * Gives a response its shape: a Fetch body becomes a stream that fails halfway or arrives in
 * pieces; a body carried beside the response is marked for the adapter to write so.
 */
export async function shapeAnswer(response: Response, shape: AnswerShape): Promise<Response> {
  shapes.set(response, shape);
  if (response.body === null) return response;
  const bytes = new Uint8Array(await response.arrayBuffer());
  const init = { status: response.status, headers: response.headers };
  if (shape.kind === 'cut-short') {
    const half = bytes.subarray(0, Math.floor(bytes.byteLength / 2));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(half);
      },
      pull(controller) {
        controller.error(new TypeError('the connection ended before the whole body arrived'));
      },
    });
    return new Response(stream, init);
  }
  const size = Math.max(1, Math.ceil(bytes.byteLength / TRICKLE_PIECES));
  let offset = 0;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (offset >= bytes.byteLength) return controller.close();
      await sleep(shape.overMs / TRICKLE_PIECES);
      controller.enqueue(bytes.subarray(offset, offset + size));
      offset += size;
    },
  });
  return new Response(stream, init);
}
