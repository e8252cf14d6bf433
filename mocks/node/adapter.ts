/**
 * The node:http side of one request: checks the Host, serves the pages outside the API,
 * refuses what a Fetch Request cannot carry, reads the body under its cap, and hands the
 * request to the msw handlers through `getResponse`; any failure becomes an `Error` response.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getResponse, type RequestHandler } from 'msw';
import { BASE_PATH, MAX_BODY_BYTES } from '../../spec/constants.ts';
import { errorResponse, faultOf, MockError } from '../core/errors.ts';
import { refuseEscapes } from '../core/proxy/backend.ts';
import { carryBodiesBeside } from './bodies-beside.ts';
import {
  ClientClosed,
  dropConnection,
  literalIfMalformed,
  readBody,
  toHeaders,
  write,
} from './io.ts';
import type { Landing } from './landing/landing.ts';
import { type AnsweredRequest, answeredRequest, isLogged } from './request-log.ts';

// Control requests replace whole data sets, so they may be far larger than an animal.
const MAX_CONTROL_BODY_BYTES = 64 * 1024 * 1024;
const NO_BODY = new Set(['GET', 'HEAD', 'OPTIONS']);
// Methods a Fetch Request cannot carry: refused here, the same way on every path.
const UNREPRESENTABLE = new Set(['CONNECT', 'TRACE', 'TRACK']);
const HOST_HEADER = /^[A-Za-z0-9.-]+(?::[0-9]{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::[0-9]{1,5})?$/;

/** What the adapter needs from the server it serves. */
export type AdapterContext = {
  handlers: RequestHandler[];
  /** Throws the 403 for a request whose Host is not answered (DNS rebinding). */
  checkHost: (rawHeaders: string[]) => void;
  /** The landing routes, once the server knows its address. */
  landing: () => Landing | undefined;
  /** The `/__mock/` routes of the standalone server alone (the console's feed), tried before msw. */
  streams?: Landing;
  /** The server's own origin, once it listens. */
  origin: () => string;
  onError?: (error: unknown, request: Request) => void;
  /** Told of every answered API request and control change (request-log.ts). */
  onAnswered?: (answered: AnsweredRequest) => void;
  /** Told of every control change (a fault queued, a reset): the console's feed. */
  onControl?: (answered: AnsweredRequest) => void;
  /** Proxy mode: API targets that could leave the backend's base are refused as sent. */
  proxied?: boolean;
  /**
   * Answers an API request without msw (the handlers' own routing and pipeline: createApi),
   * or undefined where no handler would match; when absent, msw's getResponse does.
   */
  direct?: (request: Request) => Promise<Response> | undefined;
};

/** The request a fault is reported for (its target as sent when that is not a valid URL). */
function describe(method: string, base: string, path: string): Request {
  try {
    return new Request(base + literalIfMalformed(path), {
      method: UNREPRESENTABLE.has(method) ? 'GET' : method,
    });
  } catch {
    return new Request(base, { method: 'GET' });
  }
}

/** Creates the function that answers each node:http request. */
export function createAdapter(context: AdapterContext) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const started = performance.now();
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    const cap = path.startsWith('/__mock/') ? MAX_CONTROL_BODY_BYTES : MAX_BODY_BYTES;
    // Links follow the address the client used (when it is sane; checkHost refuses the
    // others), so behind a dev server's proxy that keeps Host they lead back to that proxy.
    const hostHeader = req.headers.host;
    const base =
      hostHeader && HOST_HEADER.test(hostHeader) ? `http://${hostHeader}` : context.origin();
    const answered = (response: Response | undefined, thrown?: unknown) => {
      const control = context.onControl !== undefined && path.startsWith('/__mock/');
      if ((context.onAnswered === undefined && !control) || !isLogged(method, path, response))
        return;
      const sent = { method, target: path, session: req.headers['x-mock-session'] };
      const line = answeredRequest(sent, started, response, thrown);
      // In proxy mode an API request refused before it reached the pipeline is the mock's answer.
      if (context.proxied && path.startsWith(BASE_PATH) && line.answeredBy === undefined)
        Object.assign(line, { answeredBy: 'mock', departures: [] });
      context.onAnswered?.(line);
      if (control) context.onControl?.(line);
    };
    try {
      // First on every path, the pages included (host-check.ts: DNS rebinding).
      context.checkHost(req.rawHeaders);
      // The console and API reference (landing/, console/): never consulted for the API.
      const page = path.startsWith(BASE_PATH)
        ? undefined
        : path.startsWith('/__mock/')
          ? context.streams?.(req, res)
          : context.landing()?.(req, res);
      if (page) return await page;
      if (!path.startsWith('/'))
        throw new MockError(
          404,
          'not_found',
          `request targets must be paths such as ${BASE_PATH}/pets`,
        );
      // The raw target, before URL parsing folds `..` away (backend.ts checks the folded one).
      if (context.proxied) refuseEscapes(path);
      if (UNREPRESENTABLE.has(method)) {
        throw new MockError(
          405,
          'method_not_allowed',
          `${method} is not supported; use GET or POST`,
          {
            allow: 'GET, POST',
          },
        );
      }
      const read = NO_BODY.has(method) ? undefined : await readBody(req, cap);
      const body = read?.bytes;
      // Bodies travel beside the Request and the Response, not as streams (bodies-beside.ts).
      const request = new Request(base + literalIfMalformed(path), {
        method,
        headers: toHeaders(req.rawHeaders),
      });
      carryBodiesBeside(request, body);
      const api = context.direct !== undefined && path.startsWith(BASE_PATH);
      const response =
        (await (api ? context.direct?.(request) : getResponse(context.handlers, request))) ??
        errorResponse(
          new MockError(
            404,
            'not_found',
            `no route ${method} ${path.split('?')[0]}: the API is under ${BASE_PATH}`,
          ),
          {},
        );
      // A network fault (POST /__mock/faults): the connection drops with no response.
      if (response.type === 'error') {
        dropConnection(res);
        return answered(response);
      }
      await write(res, response, read?.complete === false);
      answered(response);
    } catch (error) {
      // No one is left to answer, and it is the client's doing, not a fault of the mock.
      if (error instanceof ClientClosed) return void res.destroy();
      const fault = faultOf(error);
      if (fault !== undefined) context.onError?.(fault, describe(method, base, path));
      const response = errorResponse(error, {});
      if (!res.headersSent) await write(res, response, true);
      else res.destroy();
      answered(response, error);
    }
  };
}
