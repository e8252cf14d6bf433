/**
 * The proxy's judge of each exchange: one live judge per session (spec/checks/departures.ts,
 * holding the backend to the session's profile when it has one), fed the exchange as the
 * contract suite records one, with the app's key and the backend's masked in what it reports.
 */

import type { RuleId } from '../../../spec/checks/check.ts';
import { type Departure, type LiveJudge, liveJudge } from '../../../spec/checks/departures.ts';
import type { Exchange } from '../../../spec/checks/exchange.ts';
import { BASE_PATH } from '../../../spec/constants.ts';
import { parseJson } from '../../../spec/json.ts';
import type { Session } from '../sessions.ts';
import { maskKey } from './mask.ts';

/** The answer as the judge reads it: status, headers and the whole body text. */
export type JudgedAnswer = { status: number; headers: Iterable<[string, string]>; text: string };

/** Judges one exchange of a session: the app's request (its body text) and the answer. */
export type ProxyJudge = (
  session: Session,
  request: Request,
  operation: Exchange['request']['operation'],
  body: string | undefined,
  answer: JudgedAnswer,
  /** Told the rules the backend's answer was judged by. */
  judged?: (rules: readonly RuleId[]) => void,
) => Departure[];

const parsed = (text: string): { json: unknown; isJson: boolean } => {
  try {
    return { json: parseJson(text), isJson: text !== '' };
  } catch {
    return { json: undefined, isJson: false };
  }
};

/** Headers as the judge sees them: lower-case names, the app's key and the backend's masked. */
const judged = (entries: Iterable<[string, string]>, key: string | undefined) => {
  const headers: Record<string, string> = {};
  for (const [name, value] of entries) {
    const lower = name.toLowerCase();
    const shown = lower === 'authorization' ? value.replace(/\s+\S.*$/, ' [masked]') : value;
    headers[lower] = maskKey(shown, key);
  }
  return headers;
};

/** The exchange as the suite records one, from the app's request and the backend's answer. */
function exchangeOf(
  request: Request,
  operation: Exchange['request']['operation'],
  body: string | undefined,
  answer: JudgedAnswer,
  key: string | undefined,
): Exchange {
  const url = new URL(request.url);
  return {
    url: url.href,
    request: {
      operation,
      method: request.method,
      path: url.pathname.slice(BASE_PATH.length) + url.search,
      headers: judged(request.headers, key),
      ...(body === undefined ? {} : { rawBody: body }),
    },
    response: {
      status: answer.status,
      headers: judged(answer.headers, key),
      text: answer.text,
      ...parsed(answer.text),
    },
  };
}

/** The proxy's judge; `key` (the backend's) never appears in a departure. */
export function createProxyJudge(key: string | undefined): ProxyJudge {
  const judges = new WeakMap<Session, LiveJudge>();
  const judgeOf = (session: Session): LiveJudge => {
    let judge = judges.get(session);
    if (judge === undefined) {
      const profile = session.answering.declared;
      judge = liveJudge({
        level: 'interface',
        ...(Object.keys(profile).length > 0 ? { profile } : {}),
      });
      judges.set(session, judge);
    }
    return judge;
  };
  return (session, request, operation, body, answer, judged) => {
    try {
      return judgeOf(session)
        .judge(exchangeOf(request, operation, body, answer, key), judged)
        .map((departure) => ({
          ...departure,
          received: maskKey(departure.received, key),
          expected: maskKey(departure.expected, key),
        }));
    } catch {
      return []; // A judge's own failure never changes what the app gets.
    }
  };
}
