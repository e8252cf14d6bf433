/**
 * What a lenient reference server answers outside the three operations (leniencies.ts): CORS
 * preflights and OPTIONS, other methods, an Accept it cannot serve, a charset it cannot read,
 * a trailing slash redirected, unknown routes before the key. Each answer is written here.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Leniency } from './leniencies.ts';

/** The request as routed: its method (HEAD read as GET where served so), path and the original. */
export type Routed = { method: string; path: string; pathname: string; search: string };

type ErrorWriter = (res: ServerResponse, status: number, message: string) => void;

/** The methods a path of the interface serves, or undefined for a path outside it. */
const methodsOf = (path: string): string[] | undefined =>
  path === '/v1/pets' ? ['GET', 'POST'] : /^\/v1\/pets\/[^/]+$/.test(path) ? ['GET'] : undefined;

/** Whether an Accept header lets a JSON answer through (a range with q above 0). */
export function acceptsJson(accept: string): boolean {
  return accept.split(',').some((range) => {
    const [type = '', ...params] = range.split(';').map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    return weight > 0 && ['*/*', 'application/*', 'application/json'].includes(type);
  });
}

/** Answers a request the server serves before checking the key; true when it did. */
export function answeredBeforeAuth(
  leniency: Leniency | undefined,
  req: IncomingMessage,
  res: ServerResponse,
  routed: Routed,
  error: ErrorWriter,
): boolean {
  const methods = methodsOf(routed.path);
  if (leniency === 'cors-for-any-origin') {
    res.setHeader('access-control-allow-origin', '*');
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      const asked = req.headers['access-control-request-headers'];
      res.writeHead(204, {
        'access-control-allow-methods': 'GET,HEAD,PUT,PATCH,POST,DELETE',
        ...(asked ? { 'access-control-allow-headers': asked } : {}),
        vary: 'Access-Control-Request-Headers',
        'content-length': '0',
      });
      res.end();
      return true;
    }
  }
  if (leniency === 'options-answered-with-allow' && req.method === 'OPTIONS' && methods) {
    res.writeHead(200, {
      allow: [...methods, 'HEAD', 'OPTIONS'].join(', '),
      'content-length': '0',
    });
    res.end();
    return true;
  }
  if (leniency === 'unknown-routes-404-without-key' && !methods) {
    error(res, 404, `no route ${req.method} ${routed.pathname}`);
    return true;
  }
  return false;
}

/** Answers a request with a valid key that the operations do not serve; true when it did. */
export function answeredAfterAuth(
  leniency: Leniency | undefined,
  req: IncomingMessage,
  res: ServerResponse,
  routed: Routed,
  error: ErrorWriter,
): boolean {
  const methods = methodsOf(routed.path);
  if (leniency === 'other-methods-405-with-allow' && methods && !methods.includes(routed.method)) {
    res.setHeader('allow', methods.join(', '));
    error(
      res,
      405,
      `${req.method} is not allowed on ${routed.pathname}; use ${methods.join(' or ')}`,
    );
    return true;
  }
  const accept = req.headers.accept;
  if (leniency === 'unservable-accept-406' && accept !== undefined && !acceptsJson(accept)) {
    error(res, 406, `this service answers application/json only, not ${accept}`);
    return true;
  }
  const type = req.headers['content-type'] ?? '';
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(type)?.[1];
  const creation = routed.method === 'POST' && routed.path === '/v1/pets';
  if (leniency === 'other-charsets-415' && creation && charset && !/^utf-8$/i.test(charset)) {
    error(res, 415, `JSON is read in UTF-8 only, not ${charset}`);
    return true;
  }
  const bare = routed.pathname.replace(/(?<=.)\/+$/, '');
  if (leniency === 'trailing-slash-redirected' && bare !== routed.pathname && methodsOf(bare)) {
    res.writeHead(307, { location: `${bare}${routed.search}`, 'content-length': '0' });
    res.end();
    return true;
  }
  return false;
}
