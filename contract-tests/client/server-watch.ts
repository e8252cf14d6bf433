/**
 * Tells a server that went away from a fault of its own. A request that got no whole answer
 * is the server's transport fault only when it fails again on a fresh connection while the
 * server answers `GET /pets`. A refused connection, a server that answers nothing at all, or
 * three requests in a row without an answer in time mean the server stopped or hangs: the run
 * has no verdict, says when and at which request, and every request after it fails at once.
 */
import type { NetworkTransport, Transport, WireRequest } from './wire.ts';
import { TransportFault } from './wire.ts';

/**
 * The server stopped answering (or hangs), or, `unreadable`, gave an answer past a bound of
 * the reader or under a certificate this machine does not trust: when, at which request, and
 * why. No verdict.
 */
export class ServerGone extends Error {
  override name = 'ServerGone';
  constructor(
    readonly at: string,
    readonly request: string,
    readonly why: string,
    readonly unreadable = false,
  ) {
    super(
      unreadable
        ? `the server ${why} at ${at} (${request})`
        : `the server stopped answering at ${at} (${request}): ${why}`,
    );
  }
}

/** What the watch needs: where the server is, how long a request may take, and whom to tell. */
export type WatchOptions = {
  baseUrl: string;
  /** How long one request may go unanswered, for the messages. */
  requestTimeoutMs: number;
  /** Whether a request lost once may be sent again (a POST under a creation budget may not). */
  mayResend(request: WireRequest): boolean;
  /** Told once, when the server is found gone. */
  onGone(gone: ServerGone): void;
  /** Told of each request sent again after a loss that did not come back. */
  onResent(url: string, method: string): void;
  /** A URL's path and query as reports may show them (the key masked where it appears). */
  shown(pathAndQuery: string): string;
};

// Requests in a row without an answer in time after which the server hangs, whatever else answers.
const TIMEOUTS_IN_A_ROW = 3;

/** Wraps a network transport with the watch. */
export function watchServer(transport: NetworkTransport, options: WatchOptions): Transport {
  const base = new URL(options.baseUrl);
  const listPath = `${base.pathname.replace(/\/+$/, '')}/pets`;
  let gone: ServerGone | undefined;
  let timeouts = 0;
  // Any answer counts, even one whose body breaks (a status and headers came).
  const answersAtAll = () =>
    transport.fresh(`${options.baseUrl}/pets?limit=1`, { method: 'GET', headers: {} }, 5_000).then(
      () => true,
      (error: unknown) => error instanceof TransportFault && error.partial !== undefined,
    );
  return async (url, request) => {
    if (gone) throw gone;
    const named = `${request.method} ${options.shown(new URL(url).pathname + new URL(url).search)}`;
    const giveUp = (why: string, unreadable = false): never => {
      gone ??= new ServerGone(new Date().toISOString(), named, why, unreadable);
      options.onGone(gone);
      throw gone;
    };
    try {
      const answer = await transport(url, request);
      timeouts = 0;
      return answer;
    } catch (error) {
      if (!(error instanceof TransportFault)) throw error;
      if (gone) throw gone;
      // Past a bound, or a certificate refused: what the server does, said as it is.
      if (error.kind === 'bound' || error.kind === 'tls') giveUp(error.detail, true);
      if (error.kind === 'refused')
        giveUp(`the connection was refused: nothing listens at ${base.origin} any more`);
      const seconds = options.requestTimeoutMs / 1000;
      if (error.kind === 'timeout' && ++timeouts >= TIMEOUTS_IN_A_ROW)
        giveUp(
          `${TIMEOUTS_IN_A_ROW} requests in a row got no answer within ${seconds} s: it hangs`,
        );
      if (!(await answersAtAll()))
        giveUp(
          error.kind === 'timeout'
            ? `no answer within ${seconds} s, and none to GET ${listPath} either: it hangs or stopped`
            : `${error.detail}, and GET ${listPath} got no answer either: it stopped`,
        );
      if (!options.mayResend(request)) throw error;
      // The server answers otherwise: the same request once more, on a fresh connection.
      try {
        const answer = await transport.fresh(url, request);
        options.onResent(url, request.method);
        timeouts = 0;
        return answer;
      } catch (again) {
        if (!(again instanceof TransportFault)) throw again;
        if (again.kind === 'refused') giveUp('the connection was refused on a fresh connection');
        throw new TransportFault(
          again.title,
          `${again.detail}; the same again on a fresh connection, while the server answered GET ${listPath}`,
          again.partial,
          again.kind,
        );
      }
    }
  };
}
