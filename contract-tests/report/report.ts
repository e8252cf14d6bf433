/**
 * Turns a failed check into a report a backend developer can act on: the rule broken (its
 * stable id, words and place in spec/openapi.yaml), what was received and expected, the
 * request (the key never shown), the response, and a curl command that replays it.
 */
import type { Failure } from '../../spec/checks/check.ts';
import { citedRule as ruleById } from '../../spec/checks/cited-rules.ts';
import { bodyText, type Exchange } from '../client/http.ts';
import { curlCommand, shownAuthorization, shownBytes, shownText } from './curl.ts';
import { specLocation } from './spec-location.ts';

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

const excerpt = (text: string, max = 400) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;

const indent = (lines: string[], by = '  ') => lines.map((line) => `${by}${line}`);

/** The request line, headers and body as sent (Authorization as a `$PETSTORE_API_KEY` expression). */
export function describeRequest({ request, url }: Exchange): string[] {
  const headers = Object.entries(request.headers).map(
    ([k, v]) =>
      `${k}: ${k.toLowerCase() === 'authorization' ? shownAuthorization(request) : shownText(v, request.secret)}`,
  );
  const body = request.rawBytes ? shownBytes(request.rawBytes) : bodyText(request);
  return [
    `${request.method} ${shownText(url, request.secret)}`,
    ...headers,
    ...(body === undefined ? [] : [`body: ${excerpt(body)}`]),
  ];
}

/** The status, key headers and an excerpt of the body received. */
export function describeResponse({ response }: Exchange): string[] {
  const headers = KEY_HEADERS.filter((h) => response.headers[h] !== undefined).map(
    (h) => `${h}: ${response.headers[h]}`,
  );
  if (response.fault)
    return [
      response.status === 0 ? 'no answer' : `${response.status}, then no whole answer`,
      ...headers,
      `fault: ${response.fault}`,
    ];
  return [`${response.status}`, ...headers, `body: ${excerpt(response.text) || '(empty)'}`];
}

/** `…/openapi.yaml#<pointer>` of a rule: where the spec states it (spec-location.ts). */
export const ruleLocation = (failure: Pick<Failure, 'rule'>): string =>
  specLocation(ruleById(failure.rule).pointer);

/** One failure on one exchange: what broke, the rule, the request, the response and a curl. */
export function renderFailure(failure: Failure, exchange: Exchange): string {
  const rule = ruleById(failure.rule);
  return [
    `${exchange.request.operation}: ${failure.title} [${rule.id}]`,
    ...failure.message.split('\n'),
    `Rule ${rule.id}: ${rule.text}`,
    `Spec: ${ruleLocation(failure)}`,
    'Request:',
    ...indent(describeRequest(exchange)),
    'Response:',
    ...indent(describeResponse(exchange)),
    'Reproduce:',
    `  ${curlCommand(exchange.request, exchange.url)}`,
  ].join('\n');
}
