/**
 * A request a stage sent through the relay, and what came back, in the words
 * petstore-contract's report uses: the request (the key as `$PETSTORE_API_KEY`), the
 * response, and a curl that replays it against the server itself.
 */
import type { Exchange, Request } from '../contract-tests/client/http.ts';
import { authShellFor, curlCommand } from '../contract-tests/report/curl.ts';
import { describeRequest, describeResponse } from '../contract-tests/report/report.ts';
import type { RelayExchange } from './relay.ts';
import type { GateFinding, StageName } from './stage.ts';

/** A request as a stage sends it: method, path under the base URL, headers and body. */
export type SentRequest = {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
};

/** The contract client's form of a sent request, for its report and curl writers. */
function asRequest(sent: SentRequest, apiKey: string): Request {
  const authorization = Object.entries(sent.headers).find(
    ([h]) => h.toLowerCase() === 'authorization',
  )?.[1];
  return {
    operation: 'other',
    method: sent.method,
    path: sent.path,
    headers: sent.headers,
    ...(sent.body === undefined || sent.body === '' ? {} : { rawBody: sent.body }),
    ...(authorization === undefined ? {} : { authShell: authShellFor(authorization, apiKey) }),
    secret: apiKey === '' ? undefined : apiKey,
  };
}

/** The exchange as the contract report shows it, against the server's own base URL. */
function asExchange(
  sent: SentRequest,
  apiKey: string,
  baseUrl: string,
  seen?: RelayExchange,
): Exchange {
  const text = seen?.body?.toString('utf8') ?? '';
  return {
    request: asRequest(sent, apiKey),
    url: `${baseUrl}${sent.path}`,
    response: {
      status: seen?.status ?? 0,
      headers: seen?.headers ?? {},
      text,
      json: undefined,
      isJson: false,
      ...(seen?.fault
        ? { fault: seen.fault }
        : seen?.status === undefined
          ? { fault: 'no answer' }
          : {}),
    },
  };
}

/** The server a request went to: its own base URL (curls replay there) and key. */
export type ExchangeLike = { baseUrl: string; apiKey: string };

/** A finding about one request: what is wrong, the request, the response and a curl. */
export function exchangeFinding(
  stage: StageName,
  title: string,
  detail: string[],
  sent: SentRequest,
  server: ExchangeLike,
  seen?: RelayExchange,
): GateFinding {
  const exchange = asExchange(sent, server.apiKey, server.baseUrl, seen);
  return {
    stage,
    title,
    detail,
    request: describeRequest(exchange),
    response: describeResponse(exchange),
    curl: curlCommand(exchange.request, exchange.url),
  };
}

const SHOWN_DETAIL = 6;

/** A finding as text, in the layout of petstore-contract's summary (long details cut). */
export function findingText(finding: GateFinding): string[] {
  const more = finding.detail.length - SHOWN_DETAIL;
  return [
    finding.rule ? `${finding.rule}: ${finding.title}` : finding.title,
    ...finding.detail.slice(0, SHOWN_DETAIL).map((line) => `  ${line}`),
    ...(more > 0 ? [`  … and ${more} more like these`] : []),
    ...(finding.request.length > 0
      ? ['  Request:', ...finding.request.map((l) => `    ${l}`)]
      : []),
    ...(finding.response.length > 0
      ? ['  Response:', ...finding.response.map((l) => `    ${l}`)]
      : []),
    ...(finding.curl
      ? ['  Reproduce (export PETSTORE_API_KEY first):', `    ${finding.curl}`]
      : []),
  ];
}
