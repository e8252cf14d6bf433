/**
 * How the relay sends one request on to the server, and what it makes of each way that can
 * go wrong. Nothing listening is a server gone. A request lost on a kept-alive connection
 * before any answer is sent again on a new one, as every HTTP client does (net/). Any other loss, or no answer in time,
 * is the server's fault only when it comes again on a fresh connection while the server
 * answers `GET /pets`; when it answers nothing at all it is gone (hung or stopped). 429 and
 * 503 are waited out with back-off, unless the request forced them (`Prefer: code=`).
 */
import type http from 'node:http';
import type { RelayExchange, RelayOptions, ServerGone } from './relay-types.ts';
import { agentFor, sendUpstream, type UpstreamAnswer, UpstreamFailure } from './upstream.ts';

/** What one send needs to know of the relay. */
export type SendContext = {
  target: URL;
  basePath: string;
  options: RelayOptions;
  state: { agent: http.Agent; timeouts: number; closed?: boolean };
  isGone(): ServerGone | undefined;
  markGone(gone: ServerGone): void;
};

const FORCED = /\bcode\s*=\s*(429|503)\b/i;
const MAX_WAIT_MS = 60_000;
// Timeouts in a row after which the server counts as hung, even if it answers a small GET.
const TIMEOUTS_IN_A_ROW = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long to wait after the `attempt`th 429/503 in a row: as asked, and longer each time. */
export function backOffMs(retryAfter: string | undefined, attempt: number): number {
  const asked = /^\s*\d+\s*$/.test(retryAfter ?? '')
    ? Number(retryAfter) * 1000
    : Date.parse(retryAfter ?? '') - Date.now();
  const backoff = 500 * 2 ** attempt;
  return Math.min(Math.max(Number.isFinite(asked) ? asked : 0, backoff), 10_000);
}

/** How the relay reads the server: its bounds and trusted CA certificates, as the options say. */
const readingOf = ({ maxResponseBytes, ca }: RelayOptions) => ({
  ...(maxResponseBytes ? { bounds: { maxBodyBytes: maxResponseBytes } } : {}),
  ...(ca === undefined ? {} : { ca }),
});

/** Whether the server answers anything at all to a small GET on a fresh connection. */
async function answersAtAll(ctx: SendContext): Promise<boolean> {
  const url = new URL(`${ctx.basePath}/pets?limit=1`, ctx.target.origin);
  const agent = agentFor(url, ctx.options.ca);
  try {
    const timeout = Math.min(5_000, ctx.options.requestTimeoutMs);
    await sendUpstream(
      url,
      { method: 'GET', headers: { accept: 'application/json' } },
      agent,
      timeout,
      readingOf(ctx.options),
    );
    return true;
  } catch (error) {
    // Any answer counts, even one whose body broke (a status came).
    return error instanceof UpstreamFailure && error.answered;
  } finally {
    agent.destroy();
  }
}

type Attempt = UpstreamAnswer | UpstreamFailure;
const tryOnce = (
  url: URL,
  request: Parameters<typeof sendUpstream>[1],
  agent: http.Agent,
  ms: number,
  options: RelayOptions,
) =>
  sendUpstream(url, request, agent, ms, readingOf(options)).catch((error: unknown): Attempt => {
    if (error instanceof UpstreamFailure) return error;
    throw error;
  });

/**
 * One answer to the exchange's request, or none: then the exchange holds the fault that
 * reproduced, or the relay knows the server is gone.
 */
async function answerOf(
  exchange: RelayExchange,
  ctx: SendContext,
): Promise<UpstreamAnswer | undefined> {
  const url = new URL(exchange.path, ctx.target.origin);
  const request = {
    method: exchange.method,
    headers: { ...exchange.requestHeaders, host: ctx.target.host },
    body: exchange.requestBody.length > 0 ? exchange.requestBody : undefined,
  };
  const named = `${exchange.method} ${exchange.path}`;
  const at = () => new Date().toISOString();
  const ms = ctx.options.requestTimeoutMs;
  // A kept-alive connection the server had closed while idle is sent again by sendUpstream.
  const failure = await tryOnce(url, request, ctx.state.agent, ms, ctx.options);
  if (!(failure instanceof UpstreamFailure)) {
    ctx.state.timeouts = 0;
    return failure;
  }
  const gone = (why: string) => ctx.markGone({ at: at(), request: named, why });
  // Past a bound, or a certificate refused: no tool may judge it, and the cause is said as it is.
  if (failure.kind === 'bound' || failure.kind === 'tls')
    return void ctx.markGone({ at: at(), request: named, why: failure.message, unreadable: true });
  if (failure.kind === 'refused')
    return void gone(
      `the connection was refused (${failure.message}): nothing listens at ${ctx.target.origin} any more`,
    );
  if (failure.kind === 'timeout' && ++ctx.state.timeouts >= TIMEOUTS_IN_A_ROW)
    return void gone(
      `${TIMEOUTS_IN_A_ROW} requests in a row got no answer within ${ms / 1000} s: it hangs`,
    );
  if (!(await answersAtAll(ctx)))
    return void gone(
      failure.kind === 'timeout'
        ? `no answer within ${ms / 1000} s, and none to GET ${ctx.basePath}/pets either: it hangs or stopped`
        : `the connection closed without a whole answer (${failure.message}), and GET ${ctx.basePath}/pets got none either: it stopped`,
    );
  // The server answers otherwise: the same request once more, on a fresh connection.
  const fresh = agentFor(url, ctx.options.ca);
  const again = await tryOnce(url, request, fresh, ms, ctx.options).finally(() => fresh.destroy());
  if (!(again instanceof UpstreamFailure)) {
    exchange.resent = `${failure.message}; answered on a fresh connection`;
    return again;
  }
  if (again.kind === 'refused') return void gone(`the connection was refused (${again.message})`);
  exchange.fault = `${failure.kind === 'timeout' ? 'no answer in time' : 'no whole answer'} (${failure.message}), and again on a fresh connection (${again.message}), while the server answered GET ${ctx.basePath}/pets`;
  return undefined;
}

/** Sends the exchange's request on, waiting out 429/503, and fills in what came back. */
export async function sendExchange(exchange: RelayExchange, ctx: SendContext): Promise<void> {
  const prefer = Object.entries(exchange.requestHeaders).find(
    ([h]) => h.toLowerCase() === 'prefer',
  );
  const forced = FORCED.test(prefer?.[1] ?? '');
  const maxWait = ctx.options.maxWaitMs ?? MAX_WAIT_MS;
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    if (ctx.isGone() || ctx.state.closed) return;
    const answer = await answerOf(exchange, ctx);
    if (answer === undefined) return;
    const shedding = (answer.status === 429 || answer.status === 503) && !forced;
    if (shedding) {
      const wait = backOffMs(answer.headers['retry-after'], attempt);
      if (Date.now() - started + wait > maxWait) {
        const seconds = ((Date.now() - started) / 1000).toFixed(0);
        ctx.markGone({
          shedding: true,
          at: new Date().toISOString(),
          request: `${exchange.method} ${exchange.path}`,
          why: `it answered ${answer.status} ${attempt + 1} time(s) in a row over ${seconds} s (Retry-After: ${answer.headers['retry-after'] ?? 'none'}), waited out with back-off: it sheds load, and a status for that is the server's to choose, so nothing can be judged now`,
        });
        return;
      }
      exchange.waited += 1;
      await sleep(wait);
      continue;
    }
    exchange.status = answer.status;
    exchange.headers = answer.headers;
    exchange.body = answer.body;
    return;
  }
}
