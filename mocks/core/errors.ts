/**
 * The one place where failures become HTTP responses in the spec's `Error` shape
 * (`code`, `message`, `status`), with the headers each status carries.
 */
import { stringifyJson } from '../../spec/json.ts';
import type { ErrorBody } from '../../spec/types.ts';
import { type BodyTransport, fetchTransport } from './transport.ts';

/**
 * The codes the mock answers with: the spec's `x-error-codes` on `Error.code` (errors.test.ts
 * holds the two together). The schema keeps `code` a plain string, so that clients generated
 * from it read any backend's codes.
 */
export const ERROR_CODES = [
  'validation_failed',
  'malformed_json',
  'invalid_request',
  'invalid_session',
  'unauthorized',
  'origin_not_allowed',
  'host_not_allowed',
  'not_found',
  'method_not_allowed',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'internal_error',
  'service_unavailable',
  'session_limit',
  'ids_exhausted',
  'backend_unreachable',
  'backend_timeout',
  'injected_fault',
] as const satisfies readonly ErrorBody['code'][];

/** One of the mock's error codes. */
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * A failure the mock answers on purpose: status, code, message and extra headers. A `cause`
 * is a fault behind it (a file that could not be read or written): the message sent names
 * no file path, and the cause goes to the server's `onError` (the CLI logs it).
 */
export class MockError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly headers: Record<string, string>;

  constructor(status: number, code: ErrorCode, message: string, headers = {}, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'MockError';
    this.status = status;
    this.code = code;
    this.headers = headers;
  }
}

/** The code each error status answers with, for `Prefer: code=NNN`. */
export const CODE_OF_STATUS: Readonly<Record<number, ErrorCode>> = {
  400: 'validation_failed',
  401: 'unauthorized',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  500: 'internal_error',
  503: 'service_unavailable',
};

/** Headers every JSON response carries. */
export const JSON_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'application/json',
  'cache-control': 'no-store',
};

/** Builds a JSON response from an already-serialisable value, answering `request`. */
export function jsonResponse(
  status: number,
  body: unknown,
  headers: Record<string, string>,
  request?: Request,
  transport: BodyTransport = fetchTransport,
): Response {
  return transport.respond(request, stringifyJson(body), {
    status,
    headers: { ...JSON_HEADERS, ...headers },
  });
}

/** The fault to report for something thrown: anything but a MockError, or a MockError's cause. */
export const faultOf = (error: unknown): unknown =>
  error instanceof MockError ? error.cause : error;

/**
 * Turns anything thrown into an `Error` response: a MockError as it says, anything else
 * as 500 `internal_error` without its message or stack (the process keeps serving). `codes`
 * (a profile's) replaces the code of a status that answers with this project's code for it.
 */
export function errorResponse(
  error: unknown,
  headers: Record<string, string>,
  request?: Request,
  transport: BodyTransport = fetchTransport,
  codes?: Readonly<Record<string, string>>,
): Response {
  const known =
    error instanceof MockError
      ? error
      : new MockError(
          500,
          'internal_error',
          'an unexpected error occurred; the mock keeps serving',
        );
  const declared = codes?.[known.status];
  const code =
    declared !== undefined && known.code === CODE_OF_STATUS[known.status] ? declared : known.code;
  const body = { code, message: known.message, status: known.status };
  return jsonResponse(known.status, body, { ...headers, ...known.headers }, request, transport);
}
