/**
 * The departures of the app's traffic as the gate reports findings: one per cause (side, rule,
 * operation), with the rule, what was seen and what the rule wants, the sentence of the
 * interface it breaks, the first request that showed it, the answer, and a curl that replays
 * that request against the backend itself (its key read from $PETSTORE_API_KEY).
 */
import { citedRule } from '../../spec/checks/cited-rules.ts';
import { BASE_PATH } from '../../spec/constants.ts';
import { exchangeFinding, type SentRequest } from '../exchange-text.ts';
import type { RelayExchange } from '../relay-types.ts';
import type { GateFinding, JUnitCase } from '../stage.ts';
import type { TrafficExchange } from '../traffic-types.ts';
import type { DepartureGroup } from './traffic-ledger.ts';

// What a browser or the proxy adds to a request, which a replay needs not (nor the session).
const NOT_REPLAYED =
  /^(host|connection|content-length|accept-encoding|x-mock-session|user-agent|origin|referer|accept-language|cache-control|pragma|cookie|priority|dnt|sec-.*)$/;

/** The query of an exchange as its request sent it. */
function queryText(query: TrafficExchange['query']): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    for (const each of [value].flat()) params.append(name, each);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/**
 * The request as the backend got it, to replay: its key when the proxy lent it (the backend's,
 * shown as $PETSTORE_API_KEY), none when the app sent none, the app's own (masked) otherwise.
 */
function sentOf(exchange: TrafficExchange, apiKey: string): SentRequest {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(exchange.headers)) {
    if (NOT_REPLAYED.test(name)) continue;
    headers[name] = name === 'authorization' && exchange.keyLent ? `Bearer ${apiKey}` : value;
  }
  const path = exchange.path.startsWith(BASE_PATH)
    ? exchange.path.slice(BASE_PATH.length)
    : exchange.path;
  return {
    method: exchange.method,
    path: `${path}${queryText(exchange.query)}`,
    headers,
    ...(exchange.bodyText === undefined ? {} : { body: exchange.bodyText }),
  };
}

/** The answer as the app got it, in the relay's form the report writers read. */
const seenOf = (exchange: TrafficExchange, sent: SentRequest): RelayExchange => ({
  seq: 0,
  method: sent.method,
  path: sent.path,
  requestHeaders: sent.headers,
  requestBody: Buffer.from(sent.body ?? ''),
  ...(exchange.status === 0 ? {} : { status: exchange.status }),
  headers: exchange.response.headers,
  body: Buffer.from(exchange.response.text ?? ''),
  ...(exchange.cut === undefined ? {} : { fault: exchange.cut }),
  waited: 0,
  durationMs: exchange.durationMs,
});

/** The finding of one cause: the departure, where it came, and its first exchange. */
export function trafficFinding(
  group: DepartureGroup,
  backend: { baseUrl: string; apiKey: string },
): GateFinding {
  const { departure, exchange, count, sessions } = group;
  const sent = sentOf(exchange, backend.apiKey);
  const finding = exchangeFinding(
    'traffic',
    departure.title,
    [
      `Received: ${departure.received}`,
      `Expected: ${departure.expected}`,
      `The interface: ${departure.sentence}`,
      `Seen on ${count} request(s) of the app's tests, in ${sessions.size} session(s); the first at ${exchange.time}${exchange.session === null ? '' : ` (session ${exchange.session})`}`,
    ],
    sent,
    backend,
    seenOf(exchange, sent),
  );
  return { ...finding, rule: departure.rule, specPointer: citedRule(departure.rule).pointer };
}

/** A finding's JUnit case: a failure, or (for the app's, reported apart) a skip saying so. */
export function findingCase(
  finding: GateFinding,
  party: 'backend' | 'app',
  fails: boolean,
): JUnitCase {
  const [request = ''] = finding.request;
  const text = [
    finding.title,
    ...finding.detail,
    ...(finding.curl ? ['Reproduce (export PETSTORE_API_KEY first):', finding.curl] : []),
  ].join('\n');
  return {
    name: `${finding.rule ?? 'departure'}: ${request}`,
    className: `traffic.${party}`,
    ...(fails
      ? { failure: text, message: finding.title }
      : {
          skipped: `the app's departure, reported apart (--e2e-client strict fails on it): ${finding.title}`,
        }),
  };
}
