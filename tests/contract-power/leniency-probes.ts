/**
 * One request (or a few) per leniency that shows the server really does what leniencies.ts
 * says: each probe returns nothing when the answer shows the leniency, or what it saw
 * instead. leniency.test.ts runs each against its server, and against the plain reference
 * server, which must not show it (so no switch is a no-op).
 */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { parseJson } from '../../spec/json.ts';
import type { Leniency } from './leniencies.ts';
import {
  after,
  createdText,
  found,
  isObject,
  items,
  labelled,
  one,
  PET,
  type Probe,
  post,
  type Seen,
  seen,
  status,
  unless,
} from './leniency-probe.ts';

/** What each leniency's probe sends and expects. */
export const PROBES: Record<Leniency, Probe> = {
  'body-label-ignored': one(post('text/plain', JSON.stringify(PET)), status(201)),
  'form-bodies-read': one(
    post('application/x-www-form-urlencoded', 'name=Rex&categoryId=2'),
    (s) => s.status === 201 && isObject(s.json) && s.json.categoryId === 2,
  ),
  'no-content-type-read-as-json': one(post(undefined, JSON.stringify(PET)), status(201)),
  'non-utf8-read-as-replacement': one(
    post(
      'application/json',
      Buffer.concat([
        Buffer.from('{"name":"Rex'),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('","categoryId":2}'),
      ]),
    ),
    (s) => s.status === 201 && isObject(s.json) && String(s.json.name).includes('\ufffd'),
  ),
  'other-charsets-415': one(
    post('application/json; charset=ISO-8859-1', JSON.stringify(PET)),
    status(415),
  ),
  'trailing-slash-tolerated': one({ path: '/v1/pets/' }, items(0)),
  'trailing-slash-redirected': one(
    { path: '/v1/pets/?limit=5' },
    (s) => s.status === 307 && s.headers.location === '/v1/pets?limit=5',
  ),
  'double-slashes-merged': one({ path: '/v1//pets' }, items(0)),
  'path-percent-decoded': one({ path: '/v1/%70ets' }, items(0)),
  'paths-any-case': one({ path: '/V1/Pets' }, items(0)),
  'head-served-for-get': one(
    { method: 'HEAD', path: '/v1/pets' },
    (s) => s.status === 200 && s.raw.length === 0 && /json/.test(s.headers['content-type'] ?? ''),
  ),
  'options-answered-with-allow': one(
    { method: 'OPTIONS', path: '/v1/pets', key: false },
    (s) => s.status === 200 && /POST/.test(s.headers.allow ?? ''),
  ),
  'cors-for-any-origin': one(
    {
      method: 'OPTIONS',
      path: '/v1/pets',
      key: false,
      headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
    },
    (s) => s.status === 204 && s.headers['access-control-allow-origin'] === '*',
  ),
  'other-methods-405-with-allow': one(
    { method: 'DELETE', path: '/v1/pets/1' },
    (s) =>
      s.status === 405 && s.headers.allow === 'GET' && isObject(s.json) && s.json.status === 405,
  ),
  'unservable-accept-406': one({ path: '/v1/pets', headers: { accept: 'text/html' } }, status(406)),
  'bearer-scheme-any-case': one(
    { path: '/v1/pets', headers: { authorization: 'bEaReR reference-key' } },
    status(200),
  ),
  'bearer-several-spaces': one(
    { path: '/v1/pets', headers: { authorization: 'Bearer   reference-key' } },
    status(200),
  ),
  'bearer-tab-after-scheme': one(
    { path: '/v1/pets', headers: { authorization: 'Bearer\treference-key' } },
    status(200),
  ),
  'challenge-another-realm': one(
    { path: '/v1/pets', key: false },
    (s) =>
      s.status === 401 &&
      /^Bearer realm="api", error="invalid_token"/.test(s.headers['www-authenticate'] ?? ''),
  ),
  'unknown-routes-404-without-key': one({ path: '/v1/store/orders', key: false }, status(404)),
  'repeated-query-last-wins': after(3, { path: '/v1/pets?limit=5&limit=1' }, items(1)),
  'empty-parameters-as-absent': after(3, { path: '/v1/pets?limit=&status=' }, items(3)),
  'limit-read-by-parseInt': after(3, { path: '/v1/pets?limit=1abc' }, items(1)),
  'query-names-any-case': after(3, { path: '/v1/pets?LIMIT=1' }, items(1)),
  'status-filter-any-case': after(3, { path: '/v1/pets?status=SOLD' }, items(3)),
  'petId-read-by-Go-ParseInt': found('/v1/pets/+1'),
  'petId-read-by-Java-parseLong': found(`/v1/pets/${encodeURIComponent('\u0661')}`),
  'petId-read-by-Spring-conversion': found(`/v1/pets/${encodeURIComponent('#1')}`),
  'petId-read-by-Ruby-Integer': found('/v1/pets/0b1'),
  'petId-read-by-PHP-filter_var': found(`/v1/pets/${encodeURIComponent(' 1')}`),
  'waf-blocks-bodies-over-8kb': one(
    post('application/json', JSON.stringify({ ...PET, name: 'x'.repeat(8200) })),
    status(403),
  ),
  'waf-blocks-script-in-bodies': one(
    post('application/json', JSON.stringify({ ...PET, name: '<script>alert(1)</script>' })),
    status(403),
  ),
  'waf-blocks-sql-in-bodies': one(
    post('application/json', JSON.stringify({ ...PET, name: "x'; DROP TABLE pets; --" })),
    status(403),
  ),
  'json-charset-utf-8': one({ path: '/v1/pets' }, labelled('application/json; charset=utf-8')),
  'json-charset-UTF-8-unspaced': one(
    { path: '/v1/pets' },
    labelled('application/json;charset=UTF-8'),
  ),
  'vendor-json-media-type': one(
    { path: '/v1/pets/1' },
    labelled('application/vnd.petstore.v1+json'),
  ),
  'media-type-upper-case': one({ path: '/v1/pets' }, labelled('Application/JSON')),
  'pets-carry-extra-members': createdText(
    'Rex',
    (t) => isObject(parseJson(t)) && /"createdAt":/.test(t),
  ),
  'pets-carry-hal-links': createdText('Rex', (t) =>
    /"_links":\{"self":\{"href":"\/v1\/pets\/1"\}\}/.test(t),
  ),
  'errors-carry-extra-members': one(
    { path: '/v1/pets', key: false },
    (s) => s.status === 401 && isObject(s.json) && typeof s.json.traceId === 'string',
  ),
  'answers-end-in-newline': one({ path: '/v1/pets' }, (s) => s.text === '[]\n'),
  'answers-pretty-printed': createdText('Rex', (t) => t.includes('\n  "name": "Rex",\n')),
  'non-ascii-escaped': createdText('café 🐶', (t) => t.includes('"caf\\u00e9 \\ud83d\\udc36"')),
  'html-characters-escaped': createdText('<b>&', (t) => t.includes('"\\u003cb\\u003e\\u0026"')),
  'slashes-escaped': createdText('a/b', (t) => t.includes('"a\\/b"')),
  'list-streamed-item-by-item': after(3, { path: '/v1/pets' }, (s) => s.chunks >= 3 && items(3)(s)),
  'gzip-when-accepted': after(
    1,
    { path: '/v1/pets', headers: { 'accept-encoding': 'gzip' } },
    (s) =>
      s.headers['content-encoding'] === 'gzip' &&
      Array.isArray(parseJson(gunzipSync(s.raw).toString())),
  ),
  'brotli-when-accepted': one(
    { path: '/v1/pets', headers: { 'accept-encoding': 'br' } },
    (s) =>
      s.headers['content-encoding'] === 'br' && brotliDecompressSync(s.raw).toString() === '[]',
  ),
  'connection-close-every-answer': async (call) => {
    const agent = new http.Agent({ keepAlive: true });
    try {
      const s = await call({ path: '/v1/pets', agent });
      return unless(s.headers.connection === 'close', s);
    } finally {
      agent.destroy();
    }
  },
  'keep-alive-ends-after-100': async (call) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const answers: Seen[] = [];
      for (let i = 0; i < 100; i++) answers.push(await call({ path: '/v1/pets', agent }));
      const [first, last] = [answers[0] as Seen, answers[99] as Seen];
      return unless(
        first.headers.connection === 'keep-alive' && last.headers.connection === 'close',
        last,
      );
    } finally {
      agent.destroy();
    }
  },
  // A lower bound only: a busy machine makes the first answer later, never sooner.
  'slow-first-answer': one({ path: '/v1/pets' }, (s) => s.status === 200 && s.ms >= 2_500),
  'security-and-framework-headers': one(
    { path: '/v1/pets' },
    (s) =>
      s.headers['strict-transport-security'] !== undefined &&
      s.headers['x-content-type-options'] === 'nosniff',
  ),
  'etag-and-304': async (call) => {
    const first = await call({ path: '/v1/pets' });
    const tag = first.headers.etag;
    if (!tag) return seen(first);
    const again = await call({ path: '/v1/pets', headers: { 'if-none-match': tag } });
    return unless(again.status === 304 && again.raw.length === 0, again);
  },
  'sticky-session-cookie': one({ path: '/v1/pets' }, (s) =>
    /^AWSALB=/.test(s.headers['set-cookie']?.[0] ?? ''),
  ),
};
