/**
 * The checks of one replayed interaction of a consumer's pact: its answer as Pact judges it
 * (`pact-interaction`: the status, the headers the pact names, the body by its matching
 * rules), and each gap choice the interaction relied on (`pact-gap`: an order, Link pages, a
 * page size, a default status, an error code, how an invalid parameter is refused).
 */

import { type Check, check, show } from '../../spec/checks/check.ts';
import { judgesStatus } from '../../spec/checks/status-checks.ts';
import type { ReliedGap } from '../../spec/pact.ts';
import type { Exchange } from '../client/http.ts';
import type { PactCase } from './pact-file.ts';
import { type Mismatch, matchBody, matchHeaders } from './pact-match.ts';

const lines = (found: readonly Mismatch[]) => ({
  received: found.map((m) => `${m.where}: ${m.received}`).join('; '),
  expected: found.map((m) => `${m.where}: ${m.expected}`).join('; '),
});

/** The status the pact expects, judged as a status check (a 5xx or a refused key says more). */
export const pactStatus = (pact: PactCase): Check =>
  judgesStatus(
    check('pact-interaction', ({ response }) =>
      response.status === pact.response.status
        ? undefined
        : {
            title: `Status ${response.status}, the pact expects ${pact.response.status}`,
            received: `${response.status} ${show(response.json ?? response.text, 160)}`,
            expected: `status ${pact.response.status}, as the interaction "${pact.description}" expects`,
          },
    ),
  );

/** The headers the pact names and the body by its matching rules (`expected`: generators applied). */
export const pactAnswer = (pact: PactCase, expected: unknown): Check =>
  check('pact-interaction', ({ response }) => {
    if (response.status !== pact.response.status) return undefined;
    const found = matchHeaders(pact.response.headers, response.headers, pact.rules.header);
    if (expected !== undefined) {
      if (!response.isJson && typeof expected !== 'string')
        found.push({
          where: 'body',
          expected: show(expected, 120),
          received: show(response.text, 120),
        });
      else
        found.push(
          ...matchBody(expected, response.isJson ? response.json : response.text, pact.rules.body),
        );
    }
    if (found.length === 0) return undefined;
    return {
      title: `Answer differs from the pact at ${found.map((m) => m.where).join(', ')}`,
      ...lines(found),
    };
  });

type Item = { id?: unknown; name?: unknown };
const asBig = (id: unknown) => {
  try {
    return BigInt(id as bigint);
  } catch {
    return undefined;
  }
};

/** Where a page breaks `order`: the first two animals out of it (newest-first: among `created`). */
function outOfOrder(
  order: string,
  items: Item[],
  created: readonly string[],
): [Item, Item] | undefined {
  for (const [i, b] of items.entries()) {
    const a = items[i - 1];
    if (a === undefined) continue;
    const [x, y] = [asBig(a.id), asBig(b.id)];
    if (x === undefined || y === undefined) return undefined;
    if (order === 'id-asc' && !(x < y)) return [a, b];
    if (order === 'id-desc' && !(x > y)) return [a, b];
    if (
      order === 'name-asc' &&
      String(a.name) > String(b.name) &&
      String(a.name).localeCompare(String(b.name)) > 0
    )
      return [a, b];
  }
  if (order !== 'newest-first') return undefined;
  const ours = items.filter((item) => created.includes(String(item.id)));
  const rank = (item: Item) => created.indexOf(String(item.id));
  const at = ours.findIndex((b, i) => i > 0 && rank(ours[i - 1] as Item) < rank(b));
  return at > 0 ? [ours[at - 1] as Item, ours[at] as Item] : undefined;
}

/** What breaks a gap choice in an answer, or undefined. */
function broken(
  gap: ReliedGap,
  exchange: Exchange,
  created: readonly string[],
): string | undefined {
  const { status, json, headers } = exchange.response;
  const body = json as Record<string, unknown> | undefined;
  switch (gap.gap) {
    case 'order': {
      const pair = Array.isArray(json)
        ? outOfOrder(String(gap.value), json as Item[], created)
        : undefined;
      return pair && `${show(pair[0])} listed before ${show(pair[1])}`;
    }
    case 'pagination':
      return /rel="?next"?/.test(headers.link ?? '')
        ? undefined
        : `no Link with rel="next" (Link: ${headers.link ?? 'none'})`;
    case 'pageSize':
      return Array.isArray(json) && json.length < Number(gap.value)
        ? `a page of ${json.length} animals`
        : undefined;
    case 'defaultStatus': {
      const seen = body?.status === undefined ? 'omitted' : body.status;
      return status === 201 && seen !== gap.value ? `status ${show(seen)}` : undefined;
    }
    case 'errorCode':
      return status === gap.status && body?.code !== gap.value
        ? `code ${show(body?.code)}`
        : undefined;
    case 'outOfRangeLimit':
      return (gap.value === 'clamp' ? status === 200 : status === gap.value)
        ? undefined
        : `status ${status}`;
    case 'refusalStatus':
      return status === gap.value ? undefined : `status ${status}`;
  }
}

/** The answer keeps a gap choice the interaction relied on (`created`: ids its states made, in order). */
export const gapHolds = (gap: ReliedGap, created: readonly string[]): Check => {
  const judge = check('pact-gap', (exchange) => {
    const seen = broken(gap, exchange, created);
    return seen === undefined
      ? undefined
      : {
          title: `Relied on a gap choice (${gap.gap} ${gap.value}) the server fills otherwise`,
          received: seen,
          expected: `${gap.note}${gap.profile ? ` (profile: ${show(gap.profile)})` : ''}`,
        };
  });
  // One that judges a status ranks with the status checks, before the pact's own.
  return ['outOfRangeLimit', 'refusalStatus'].includes(gap.gap) ? judgesStatus(judge) : judge;
};
