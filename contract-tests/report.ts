/**
 * Turns a failed check into a report a person can act on: the operation, the request
 * (Authorization redacted), the response, and the quoted statement it breaks.
 */

import { stringifyJson } from '../spec/json.ts';
import type { Failure } from './checks.ts';
import type { Exchange } from './http.ts';
import { statements } from './statements.ts';

const KEY_HEADERS = [
  'content-type',
  'www-authenticate',
  'location',
  'link',
  'allow',
  'deprecation',
  'sunset',
  'retry-after',
  'access-control-allow-origin',
];

/** Replaces the credential of an Authorization header, keeping its scheme visible. */
export function redact(value: string): string {
  const [scheme, ...rest] = value.split(' ');
  return rest.join(' ').length === 0
    ? value.replace(/\S{4,}/, '[REDACTED]')
    : `${scheme} [REDACTED]`;
}

const excerpt = (text: string, max = 400) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;

/** Renders the request line, headers and body as sent. */
export function describeRequest({ request, url }: Exchange): string {
  const headers = Object.entries(request.headers).map(
    ([k, v]) => `  ${k}: ${k.toLowerCase() === 'authorization' ? redact(v) : v}`,
  );
  const body =
    request.rawBody ?? (request.body === undefined ? undefined : stringifyJson(request.body));
  return [
    `${request.method} ${url}`,
    ...headers,
    ...(body === undefined ? [] : [`  body: ${excerpt(body)}`]),
  ].join('\n');
}

/** Renders the status, key headers and an excerpt of the body received. */
export function describeResponse({ response }: Exchange): string {
  const headers = KEY_HEADERS.filter((h) => response.headers[h] !== undefined).map(
    (h) => `  ${h}: ${response.headers[h]}`,
  );
  return [`${response.status}`, ...headers, `  body: ${excerpt(response.text) || '(empty)'}`].join(
    '\n',
  );
}

/** The full report of one failure on one exchange. */
export function renderFailure(failure: Failure, exchange: Exchange): string {
  const statement = statements[failure.statement];
  const source = statement.source === 'interface' ? 'pet-store-interface.md' : 'DECISIONS.md';
  return [
    `${exchange.request.operation}: ${failure.title}`,
    failure.message,
    `Request:\n${describeRequest(exchange)}`,
    `Response:\n${describeResponse(exchange)}`,
    `Breaks (${source}, "${statement.section}"): "${statement.quote}"`,
  ].join('\n');
}
