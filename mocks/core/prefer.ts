/**
 * `Prefer` (RFC 7240) read as Prism reads it, so a frontend can see every answer it must
 * handle: `code=NNN` forces a status the operation documents (or 429, 500, 503) and
 * `example=NAME` answers a named example of the spec; `dynamic=true` and others are ignored.
 */
import {
  escapeKey,
  nodeAt,
  openapiDocument,
  resolve,
  response,
  responses,
} from '../../spec/document.ts';
import type { OperationId } from '../../spec/types.ts';
import { REALM } from './auth.ts';
import { CODE_OF_STATUS, MockError } from './errors.ts';

/** An answer `Prefer: example=NAME` asks for: the example's status, body and headers. */
export type PreferredAnswer = { status: number; body: unknown; headers: Record<string, string> };

type Example = { name: string; status: number; value: unknown };

const ALWAYS_FORCEABLE = [429, 500, 503];
const statusCache = new Map<OperationId, readonly number[]>();
const exampleCache = new Map<OperationId, readonly Example[]>();

/**
 * The preferences of a `Prefer` header by lower-case name, values unquoted; a repeated
 * preference keeps its first value (RFC 7240) and parameters count as preferences (as Prism).
 */
export function parsePrefer(header: string | null): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of header?.split(/[,;]/) ?? []) {
    const [name = '', ...rest] = part.split('=');
    const key = name.trim().toLowerCase();
    const value = rest
      .join('=')
      .trim()
      .replace(/^"(.*)"$/, '$1');
    if (key !== '' && !found.has(key)) found.set(key, value);
  }
  return found;
}

/** The statuses `Prefer: code=NNN` may ask of an operation: the documented ones and 429, 500, 503. */
export function forceableStatuses(operation: OperationId): readonly number[] {
  let statuses = statusCache.get(operation);
  if (!statuses) {
    const documented = responses(operation).map((r) => r.status);
    statuses = [...new Set([...documented, ...ALWAYS_FORCEABLE])].sort((a, b) => a - b);
    statusCache.set(operation, statuses);
  }
  return statuses;
}

/** The named examples of an operation's JSON responses, in document order. */
export function namedExamples(operation: OperationId): readonly Example[] {
  let examples = exampleCache.get(operation);
  if (!examples) {
    examples = responses(operation).flatMap((r) => {
      const at = `${r.pointer}/content/application~1json/examples`;
      return Object.keys((nodeAt(openapiDocument, at) ?? {}) as object).map((name) => ({
        name,
        status: r.status,
        value: resolve(openapiDocument, `${at}/${escapeKey(name)}`)?.node.value,
      }));
    });
    exampleCache.set(operation, examples);
  }
  return examples;
}

const invalid = (message: string) => new MockError(400, 'invalid_request', message);

/**
 * The headers the documented response for `status` carries that the mock fills in here
 * (getPet's deprecation headers come with its route); an undocumented 429 or 503 still
 * says when to retry.
 */
export function headersFor(
  operation: OperationId,
  status: number,
  request: Request,
  allow: string,
  body?: unknown,
): Record<string, string> {
  const names =
    response(operation, status)?.headers.map((h) => h.name.toLowerCase()) ??
    (status === 429 || status === 503 ? ['retry-after'] : []);
  const id = (body as { id?: unknown } | undefined)?.id;
  const values: Record<string, string | undefined> = {
    'www-authenticate': REALM,
    allow,
    'retry-after': '1',
    location: id === undefined ? undefined : `${new URL(request.url).pathname}/${id}`,
  };
  const headers: Record<string, string> = {};
  for (const name of names) {
    const value = values[name];
    if (value !== undefined) headers[name] = value;
  }
  return headers;
}

function preferredExample(
  operation: OperationId,
  name: string,
  status: number | undefined,
  request: Request,
  allow: string,
): PreferredAnswer {
  const examples = namedExamples(operation).filter(
    (e) => status === undefined || e.status === status,
  );
  const example = examples.find((e) => e.name === name);
  if (example === undefined) {
    const of = status === undefined ? operation : `the ${status} response of ${operation}`;
    const names = examples.map((e) => e.name).join(', ');
    throw invalid(
      `Prefer: example=${name} is not an example of ${of}; ${names ? `use one of ${names}` : 'it has no named examples'}`,
    );
  }
  const headers = headersFor(operation, example.status, request, allow, example.value);
  return { status: example.status, body: example.value, headers };
}

/**
 * Applies the request's `Prefer` to an operation: the example it names, a thrown error for a
 * forced error status, undefined to answer as usual (no preference, or a success status),
 * and 400 invalid_request for a code or example the operation cannot answer.
 */
export function applyPrefer(
  request: Request,
  operation: OperationId,
  allow: string,
): PreferredAnswer | undefined {
  const prefer = request.headers.get('prefer');
  if (prefer === null) return undefined;
  const preferences = parsePrefer(prefer);
  const code = preferences.get('code');
  let status: number | undefined;
  if (code !== undefined) {
    const allowed = forceableStatuses(operation);
    status = /^[0-9]{3}$/.test(code) ? Number(code) : Number.NaN;
    if (!allowed.includes(status)) {
      throw invalid(
        `Prefer: code=${code} is not a status ${operation} can answer; use one of ${allowed.join(', ')}`,
      );
    }
  }
  const example = preferences.get('example');
  if (example !== undefined) return preferredExample(operation, example, status, request, allow);
  const errorCode = status === undefined ? undefined : CODE_OF_STATUS[status];
  if (status === undefined || errorCode === undefined) return undefined;
  throw new MockError(
    status,
    errorCode,
    `${errorCode} forced by the request's Prefer: code=${status}`,
    headersFor(operation, status, request, allow),
  );
}
