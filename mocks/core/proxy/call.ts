/**
 * What the steps of the proxy share: the request a step is handed and what the step knows of
 * it on the way, the proxy's own context, and the fallback (the mock answering instead, its
 * reason said and the app's request judged all the same).
 */
import type { Exchange } from '../../../spec/checks/exchange.ts';
import { MockError } from '../errors.ts';
import type { Session } from '../sessions.ts';
import type { BodyTransport } from '../transport.ts';
import type { BackendOptions, Forward } from './backend.ts';
import type { JudgedAnswer, ProxyJudge } from './judge.ts';
import { noteAnswer, noteRefusal } from './notes.ts';

/** A request the pipeline hands the backend step, past its session, faults and routing. */
export type BackendCall = {
  request: Request;
  operation: Exchange['request']['operation'];
  session: Session;
  /** The mock's CORS headers, which replace the backend's. */
  cors: Record<string, string>;
  /** The mock's own answer, for the fallback. */
  local: () => Promise<Response>;
  /** Whether the app sent a key the mock accepts, which the backend's key then replaces. */
  lendKey: boolean;
};

/** The backend step: forwards a request of its session, or answers it with `local` on fallback. */
export type BackendStep = {
  /** Whether the mock lends the backend its key (--proxy-key) in place of a key it accepts. */
  lendsKey: boolean;
  answer(call: BackendCall): Promise<Response>;
};

/** The adapter's transport, and what the recorder adds to it. */
export type ProxyTransport = BodyTransport & {
  textOf?: (response: Response) => string | undefined;
  relaysBeside?: (request: Request) => boolean;
};

/** What every step of the proxy shares. */
export type ProxyContext = {
  options: BackendOptions;
  forward: Forward;
  bounds: { timeoutMs: number; maxBytes: number };
  judge: ProxyJudge;
  transport: ProxyTransport;
};

/** One request on its way through the proxy. */
export type Call = BackendCall & {
  /** Where it goes: the backend's base plus the path after `/v1`, and the query. */
  url: string;
  /** The app's body as sent, and as text (both absent without one). */
  bytes?: Uint8Array;
  body?: string;
};

/** Whether the forwarder's error means no answer came (the fallback may take it). */
export const noAnswer = (error: unknown): error is MockError =>
  error instanceof MockError && (error.status === 504 || /no answer/.test(error.message));

/** The app's departures in an exchange the mock answered (the backend's are not in it). */
export const clientSide = (proxy: ProxyContext, call: Call, answer: JudgedAnswer) =>
  proxy
    .judge(call.session, call.request, call.operation, call.body, answer)
    .filter((departure) => departure.side === 'client');

/** The mock answers instead (`--proxy-fallback`), saying why; the app's request is judged all the same. */
export async function fallBack(proxy: ProxyContext, why: string, call: Call): Promise<Response> {
  let response: Response;
  try {
    response = await call.local();
  } catch (error) {
    // The mock's own refusal (404, 405, 400) is still the mock's answer, said as such.
    if (!(error instanceof MockError)) throw error;
    const refusal = { code: error.code, message: error.message, status: error.status };
    const departures = clientSide(proxy, call, {
      status: error.status,
      headers: [['content-type', 'application/json']],
      text: JSON.stringify(refusal),
    });
    noteRefusal(error, { answeredBy: 'mock', fallback: why, departures });
    throw error;
  }
  const text = proxy.transport.textOf?.(response) ?? '';
  const departures = clientSide(proxy, call, {
    status: response.status,
    headers: response.headers,
    text,
  });
  return noteAnswer(response, { answeredBy: 'mock', fallback: why, departures });
}
