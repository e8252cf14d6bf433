/**
 * `GET /__mock/events`: the console's live feed (feed.ts) as server-sent events, on the
 * standalone server only. It holds what `GET /__mock/requests` holds (no key: the journal's
 * masking), so it follows the controls' rules (docs/security.md): the mock's own pages and
 * trusted origins may read it, any other site's page is refused before a stream opens, and
 * one more page than the feed serves is told to come back.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { controlCorsHeaders } from '../../core/control-guard.ts';
import { MockError } from '../../core/errors.ts';
import { type AllowedHosts, originTrust } from '../../core/trusted-origins.ts';
import type { Feed } from './feed.ts';

/** The feed's path. */
export const EVENTS_PATH = '/__mock/events';

/**
 * Answers `GET /__mock/events` (settling once the stream is open, not when it ends), or
 * returns undefined for any other request; throws the MockError of a refused one.
 */
export type EventsRoute = (
  request: IncomingMessage,
  response: ServerResponse,
) => Promise<void> | undefined;

/** The request as the controls' origin rules read it. */
const asFetchRequest = (request: IncomingMessage, origin: string) => {
  const headers = new Headers();
  for (const name of ['origin', 'host']) {
    const value = request.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  return new Request(`${origin}${EVENTS_PATH}`, { headers });
};

/** Creates the route of `feed` for a server at `origin()` trusting `allowed` hosts. */
export function createEventsRoute(
  feed: Feed,
  allowed: AllowedHosts,
  origin: () => string,
): EventsRoute {
  return (request, response) => {
    const path = (request.url ?? '').split('?', 1)[0];
    if (path !== EVENTS_PATH) return undefined;
    if (request.method !== 'GET')
      throw new MockError(405, 'method_not_allowed', `use GET on ${EVENTS_PATH}`, {
        allow: 'GET',
      });
    const fetchRequest = asFetchRequest(request, origin());
    // Another site's page: its EventSource sends Origin; a no-cors fetch only Sec-Fetch-Site.
    const foreign =
      originTrust(fetchRequest, allowed) === 'foreign' ||
      (!request.headers.origin && request.headers['sec-fetch-site'] === 'cross-site');
    if (foreign)
      throw new MockError(
        403,
        'origin_not_allowed',
        `GET ${EVENTS_PATH} from another site is refused: the console's feed is for the mock's own page and loopback origins`,
      );
    if (feed.full)
      throw new MockError(
        503,
        'service_unavailable',
        'as many console pages follow the feed as it serves: close one, then reload',
        { 'retry-after': '10' },
      );
    response.writeHead(200, {
      ...controlCorsHeaders(fetchRequest, allowed),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
      'x-accel-buffering': 'no',
    });
    const lastEventId = request.headers['last-event-id'];
    const unfollow = feed.follow(
      {
        get buffered() {
          return response.writableLength;
        },
        write: (text) => void response.write(text),
        end: () => response.end(),
      },
      typeof lastEventId === 'string' ? lastEventId : undefined,
    );
    response.on('close', unfollow);
    return Promise.resolve();
  };
}
