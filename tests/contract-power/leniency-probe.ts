/**
 * A raw HTTP request to a reference server, for showing what a leniency does: the answer as
 * it travelled (no decompression, framing headers kept), the key sent unless told otherwise.
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
