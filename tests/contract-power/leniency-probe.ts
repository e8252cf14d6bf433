/**
 * A raw HTTP request to a reference server, for showing what a leniency does: the answer as
 * it travelled (no decompression, framing headers kept), the key sent unless told otherwise;
 * and the small probes leniency-probes.ts is written with.
 */
import http from 'node:http';
import { parseJson } from '../../spec/json.ts';
import { REFERENCE_KEY } from './reference-auth.ts';

/** A request: path under the server's origin (`/v1/pets`), headers, body, and the key or not. */
export type Sent = {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Send `Authorization: Bearer <key>` (true unless headers name Authorization or key is false). */
  key?: boolean;
  agent?: http.Agent;
};

/** An answer as it arrived: status, headers, the raw body and its JSON when it parses. */
export type Seen = {
  status: number;
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
  text: string;
  json: unknown;
  /** How many pieces the body arrived in. */
  chunks: number;
  ms: number;
};

/** Sends `sent` to the server at `origin` (`http://127.0.0.1:PORT`). */
export function send(origin: string, sent: Sent): Promise<Seen> {
  const headers: Record<string, string> = { ...sent.headers };
  const named = Object.keys(headers).some((h) => h.toLowerCase() === 'authorization');
  if (sent.key !== false && !named) headers.authorization = `Bearer ${REFERENCE_KEY}`;
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = http.request(`${origin}${sent.path}`, {
      method: sent.method ?? 'GET',
      headers,
      agent: sent.agent ?? false,
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const text = raw.toString('utf8');
        let json: unknown;
        try {
          json = parseJson(text);
        } catch {
          json = undefined;
        }
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          raw,
          text,
          json,
          chunks: chunks.length,
          ms: Date.now() - started,
        });
      });
    });
    req.end(sent.body);
  });
}

/** POSTs a JSON creation to `origin` and gives the created animal's answer. */
export const create = (origin: string, body: Record<string, unknown>) =>
  send(origin, {
    method: 'POST',
    path: '/v1/pets',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** A probe: given a way to send requests to a fresh server, what it saw that it should not. */
export type Probe = (
  call: (sent: Sent) => Promise<Seen>,
  origin: string,
) => Promise<string | undefined>;

/** What was seen, briefly: status, headers and the start of the body. */
export const seen = (s: Seen) => `${s.status} ${JSON.stringify(s.headers)} ${s.text.slice(0, 200)}`;

/** Nothing when `ok`, else what was seen. */
export const unless = (ok: boolean, s: Seen) => (ok ? undefined : seen(s));

/** Whether a value is a plain JSON object. */
export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The creation body the probes send. */
export const PET = { name: 'Rex', categoryId: 2 };

/** A probe of one request, judged by `ok`. */
export const one =
  (sent: Sent, ok: (s: Seen) => boolean): Probe =>
  async (call) => {
    const s = await call(sent);
    return unless(ok(s), s);
  };

/** A probe that first creates `count` sold animals (ids from 1), then sends one request. */
export const after =
  (count: number, sent: Sent, ok: (s: Seen) => boolean): Probe =>
  async (call, origin) => {
    for (let i = 0; i < count; i++) await create(origin, { ...PET, status: 'sold' });
    return one(sent, ok)(call, origin);
  };

/** A creation with this Content-Type (none when undefined) and body. */
export const post = (type: string | undefined, body: string | Buffer): Sent => ({
  method: 'POST',
  path: '/v1/pets',
  headers: type === undefined ? {} : { 'content-type': type },
  body,
});

/** The answer has status `n`. */
export const status = (n: number) => (s: Seen) => s.status === n;

/** The answer is a list of `n` animals. */
export const items = (n: number) => (s: Seen) =>
  s.status === 200 && Array.isArray(s.json) && s.json.length === n;

/** The answer is labelled exactly `type`. */
export const labelled = (type: string) => (s: Seen) => s.headers['content-type'] === type;

/** A probe creating an animal named `name` and judging the created answer's text. */
export const createdText =
  (name: string, ok: (text: string) => boolean): Probe =>
  async (_call, origin) => {
    const s = await create(origin, { ...PET, name });
    return unless(s.status === 201 && ok(s.text), s);
  };

/** A probe that creates animal 1, then must find it at `path`. */
export const found = (path: string) =>
  after(1, { path }, (s) => s.status === 200 && isObject(s.json) && s.json.id === 1);
