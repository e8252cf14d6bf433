/**
 * The pipeline's backend step in proxy mode: in place of the store's operation, the request
 * goes to the backend and its answer comes back as given (answers.ts); the exchange is judged
 * by the suite's rules (judge.ts), the backend's animals are kept when recording, and an
 * operation the backend does not serve yet is answered by the mock (`--proxy-fallback`,
 * call.ts). Each step of a request's way is one function, in the order a request meets them.
 */
import { answerStreamed, answerWhole, readsWhole } from './answers.ts';
import {
  type BackendAnswer,
  type BackendOptions,
  backendUrl,
  checkBaseUrl,
  DEFAULT_PROXY_MAX_BYTES,
  DEFAULT_PROXY_TIMEOUT_MS,
  type Forward,
  incomingHeaders,
  needsBodyToJudgeServed,
  notServedYet,
  outgoingHeaders,
} from './backend.ts';
import {
  type BackendStep,
  type Call,
  fallBack,
  noAnswer,
  type ProxyContext,
  type ProxyTransport,
} from './call.ts';
import { createProxyJudge } from './judge.ts';
import { maskKey } from './mask.ts';

export type { BackendCall, BackendStep } from './call.ts';

const NO_BODY = new Set(['GET', 'HEAD', 'OPTIONS']);
const UTF8 = new TextDecoder();

/** Sends the request to the backend: its answer, or why the mock takes over on fallback. */
async function reach(
  proxy: ProxyContext,
  call: Call,
): Promise<BackendAnswer | { fallback: string }> {
  const { options } = proxy;
  const { request } = call;
  try {
    return await proxy.forward(
      {
        url: call.url,
        method: request.method,
        headers: outgoingHeaders(request.headers, call.lendKey ? options.key : undefined),
        ...(call.bytes === undefined ? {} : { body: call.bytes }),
      },
      proxy.bounds,
    );
  } catch (error) {
    if (options.fallback && noAnswer(error)) return { fallback: error.message };
    throw error;
  }
}

/** The backend's status and headers as the app gets them: the mock's CORS, the key masked. */
function answerInit(proxy: ProxyContext, call: Call, answer: BackendAnswer) {
  const headers = new Headers(call.cors);
  for (const [name, value] of incomingHeaders(answer.headers))
    headers.append(name, maskKey(value, proxy.options.key));
  return { status: answer.status, headers };
}

/** The app's body, as bytes and text, for the backend and the judge. */
async function callOf(
  transport: ProxyTransport,
  call: Omit<Call, 'bytes' | 'body'>,
): Promise<Call> {
  if (NO_BODY.has(call.request.method)) return call;
  const bytes = await transport.readBody(call.request);
  return bytes.byteLength === 0 ? { ...call, bytes } : { ...call, bytes, body: UTF8.decode(bytes) };
}

/** Creates the backend step over `forward` (the adapter's way to reach the backend). */
export function createBackendStep(
  options: BackendOptions,
  forward: Forward,
  transport: ProxyTransport,
): BackendStep {
  checkBaseUrl(options.url);
  const proxy: ProxyContext = {
    options,
    forward,
    transport,
    judge: createProxyJudge(options.key),
    bounds: {
      timeoutMs: options.timeoutMs ?? DEFAULT_PROXY_TIMEOUT_MS,
      maxBytes: options.maxBytes ?? DEFAULT_PROXY_MAX_BYTES,
    },
  };
  return {
    lendsKey: options.key !== undefined,
    async answer(sent) {
      // A target that would leave the base is refused before anything else.
      const url = backendUrl(options.url, sent.request.url);
      const call = await callOf(transport, { ...sent, url });
      const reached = await reach(proxy, call);
      if ('fallback' in reached) return fallBack(proxy, reached.fallback, call);
      // A status that says "not served yet" on its own (501, 502-504): its body is not read.
      const early = options.fallback && !needsBodyToJudgeServed(reached.status);
      const why = early ? notServedYet(reached.status) : undefined;
      if (why !== undefined) {
        reached.cancel();
        return fallBack(proxy, why, call);
      }
      const init = answerInit(proxy, call, reached);
      return readsWhole(proxy, reached.status)
        ? answerWhole(proxy, call, reached, init)
        : answerStreamed(proxy, call, reached, init);
    },
  };
}
