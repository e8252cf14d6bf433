/**
 * The way from vitest's worker thread to an app in runContract's thread. A function cannot
 * be handed to the worker with `provide`, so the two threads talk over a BroadcastChannel
 * named after the run: the worker posts each request (method, URL, headers, body bytes),
 * the main thread calls the app and posts back its status, headers and body bytes.
 */
import { BroadcastChannel } from 'node:worker_threads';
import {
  type AppAnswer,
  type AppFetch,
  AppUnreachable,
  callApp,
  whenAborted,
} from './app-fetch.ts';

type Message =
  | {
      kind: 'request';
      id: number;
      method: string;
      url: string;
      headers: [string, string][];
      body?: Uint8Array<ArrayBuffer>;
    }
  | { kind: 'abort'; id: number }
  | { kind: 'answer'; id: number; answer: AppAnswer }
  | { kind: 'unreachable'; id: number; message: string };

type Reply = Extract<Message, { kind: 'answer' | 'unreachable' }>;

/** Serves the requests posted on `channel` with `app` until the returned function is called. */
export function serveApp(channel: string, app: AppFetch): () => void {
  const port = new BroadcastChannel(channel);
  const running = new Map<number, AbortController>();
  let open = true;
  const serve = async (ask: Extract<Message, { kind: 'request' }>) => {
    const controller = new AbortController();
    running.set(ask.id, controller);
    const { method, url, headers, body } = ask;
    let reply: Reply;
    try {
      const request = new Request(url, { method, headers, body, signal: controller.signal });
      reply = { kind: 'answer', id: ask.id, answer: await callApp(app, request) };
    } catch (error) {
      const message = error instanceof AppUnreachable ? error.message : String(error);
      reply = { kind: 'unreachable', id: ask.id, message };
    } finally {
      running.delete(ask.id);
    }
    // A request still running when the run ends is answered to no one.
    if (open) port.postMessage(reply);
  };
  port.onmessage = (event) => {
    const message = event.data as Message;
    if (message.kind === 'request') void serve(message);
    else if (message.kind === 'abort') running.get(message.id)?.abort();
  };
  return () => {
    open = false;
    for (const controller of running.values()) controller.abort();
    port.close();
  };
}

// Statuses whose Response must have no body (the Fetch standard's null body statuses).
const NULL_BODY = new Set([204, 205, 304]);

/**
 * A fetch function that sends each request over `channel` to the app served there
 * (serveApp). It takes fetch's `(input, init)`, honours the request's signal, and rejects
 * saying the app could not be reached when the app threw or gave no answer in time.
 */
export function bridgedFetch(channel: string): typeof fetch {
  const port = new BroadcastChannel(channel);
  // The worker thread lives as long as vitest keeps it; the channel must not hold it.
  port.unref();
  const waiting = new Map<number, (reply: Reply) => void>();
  port.onmessage = (event) => {
    const message = event.data as Message;
    if (message.kind === 'answer' || message.kind === 'unreachable')
      waiting.get(message.id)?.(message);
  };
  let next = 0;
  return async (input, init) => {
    const request = new Request(input, init);
    const id = next++;
    const { method, url, signal } = request;
    const body = request.body ? new Uint8Array(await request.arrayBuffer()) : undefined;
    const replied = new Promise<Reply>((resolve) => waiting.set(id, resolve));
    const timedOut = whenAborted(signal);
    const onAbort = () => port.postMessage({ kind: 'abort', id } satisfies Message);
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      signal.throwIfAborted();
      port.postMessage({
        kind: 'request',
        id,
        method,
        url,
        headers: [...request.headers],
        body,
      } satisfies Message);
      const reply = await Promise.race([replied, timedOut]);
      if (reply.kind === 'unreachable')
        throw new Error(`could not reach the in-process app: ${reply.message}`);
      const { status, statusText, headers } = reply.answer;
      return new Response(NULL_BODY.has(status) ? null : reply.answer.body, {
        status,
        statusText,
        headers,
      });
    } catch (error) {
      if (!signal.aborted) throw error;
      throw new Error(
        `could not reach the in-process app: ${method} ${url}: no answer in time (${String(signal.reason)})`,
      );
    } finally {
      waiting.delete(id);
      signal.removeEventListener('abort', onAbort);
    }
  };
}
