/**
 * The standalone mock's pages outside `/v1` and `/__mock/`: the console at `/` (console/),
 * the Swagger UI reference at `/docs/` (vendored in assets/swagger-ui/, no CDN) and
 * the spec at `/openapi.json`. Node only. None of these responses carries CORS headers,
 * so another origin's scripts cannot read the key the pages show.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { openapiDocument } from '../../../spec/document.ts';
import { MockError } from '../../core/errors.ts';
import { CONSOLE_ASSETS } from '../console/assets.ts';
import type { ConsoleFacts } from '../console/facts.ts';
import { consoleHtml } from '../console/page.ts';
import { docsHtml } from './pages.ts';

/**
 * Answers a request if it is one of the landing routes (the promise settles once it is
 * answered, or rejects with a MockError the server answers); undefined passes it on.
 */
export type Landing = (
  request: IncomingMessage,
  response: ServerResponse,
) => Promise<void> | undefined;

type Asset = { type: string; file: () => string };

// Beside this module in the checkout; bundles keep that layout (build/module-urls.js).
const ownFile = (name: string) => fileURLToPath(new URL(`./assets/${name}`, import.meta.url));
// Swagger UI is vendored (scripts/vendor-swagger-ui.ts): swagger-ui-dist would bring
// @scarf/scarf, whose install script reports every install.
const swaggerFile = (name: string) => ownFile(`swagger-ui/${name}`);

const JS = 'text/javascript; charset=utf-8';
const CSS = 'text/css; charset=utf-8';
const FILES: Record<string, Asset> = {
  ...CONSOLE_ASSETS,
  '/docs/docs.js': { type: JS, file: () => ownFile('docs.js') },
  '/docs/swagger-ui.css': { type: CSS, file: () => swaggerFile('swagger-ui.css') },
  '/docs/swagger-ui-bundle.js': { type: JS, file: () => swaggerFile('swagger-ui-bundle.js') },
  '/docs/favicon-32x32.png': { type: 'image/png', file: () => swaggerFile('favicon-32x32.png') },
};

// Same-origin only: no CORS, not embeddable by other sites, not framed, no sniffing.
const BASE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-cache',
};
const HTML_HEADERS = {
  ...BASE_HEADERS,
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
};

type Body = { headers: Record<string, string>; body: Buffer };

const withEtag = (headers: Record<string, string>, body: Buffer): Body => ({
  headers: { ...headers, etag: `"${createHash('sha1').update(body).digest('base64url')}"` },
  body,
});

/** The spec as served: its placeholder servers replaced by this mock's `/v1`. */
function servedSpec(): Buffer {
  const document = { ...openapiDocument, servers: [{ url: '/v1', description: 'This mock' }] };
  return Buffer.from(JSON.stringify(document, null, 2));
}

/** A file the pages need could not be read: the body names the route, never the disk path. */
function unreadable(path: string, error: unknown): MockError {
  const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
  return new MockError(
    500,
    'internal_error',
    `the mock could not read the file behind ${path} (${code}); reinstall the package (npm ci in a checkout)`,
    {},
    error,
  );
}

/** Creates the landing routes for a mock serving `facts.baseUrl` with `facts.apiKeys`. */
export function createLanding(facts: ConsoleFacts): Landing {
  const cache = new Map<string, Promise<Body>>();
  const build = (path: string): Promise<Body> | undefined => {
    if (path === '/')
      return Promise.resolve(withEtag(HTML_HEADERS, Buffer.from(consoleHtml(facts))));
    if (path === '/docs/')
      return Promise.resolve(withEtag(HTML_HEADERS, Buffer.from(docsHtml(facts))));
    if (path === '/openapi.json') {
      const type = { ...BASE_HEADERS, 'content-type': 'application/json; charset=utf-8' };
      return Promise.resolve(withEtag(type, servedSpec()));
    }
    const asset = FILES[path];
    if (!asset) return undefined;
    return new Promise<string>((resolve) => resolve(asset.file()))
      .then((file) => readFile(file))
      .then(
        (body) => withEtag({ ...BASE_HEADERS, 'content-type': asset.type }, body),
        (error: unknown) => {
          throw unreadable(path, error);
        },
      );
  };
  return (request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
    const path = (request.url ?? '/').split('?', 1)[0] ?? '/';
    if (path === '/docs') {
      response.writeHead(301, { ...BASE_HEADERS, location: '/docs/' }).end();
      return Promise.resolve();
    }
    let pending = cache.get(path);
    if (!pending) {
      pending = build(path);
      if (!pending) return undefined;
      cache.set(path, pending);
      // A file put back later is read again.
      pending.catch(() => cache.delete(path));
    }
    return pending.then(({ headers, body }) => {
      if (request.headers['if-none-match'] === headers.etag) {
        response.writeHead(304, { ...BASE_HEADERS, etag: headers.etag ?? '' }).end();
        return;
      }
      response.writeHead(200, { ...headers, 'content-length': String(body.length) });
      response.end(request.method === 'HEAD' ? undefined : body);
    });
  };
}
