/**
 * How a lenient reference server writes its answers (leniency-answers.ts): the label, the
 * JSON text, extra headers, compression and framing, applied to what the server's own
 * writers produce, by one leniency at most.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { parseJson, stringifyJson } from '../../spec/json.ts';
import type { Leniency } from './leniencies.ts';

type Head = { status: number; headers: Record<string, string> };

const LABELS: Partial<Record<Leniency, string>> = {
  'json-charset-utf-8': 'application/json; charset=utf-8',
  'json-charset-UTF-8-unspaced': 'application/json;charset=UTF-8',
  'vendor-json-media-type': 'application/vnd.petstore.v1+json',
  'media-type-upper-case': 'Application/JSON',
};

const hex4 = (c: string) => `\\u${(c.codePointAt(0) as number).toString(16).padStart(4, '0')}`;

/** Compact JSON text indented by two spaces, one member a line (strings left alone). */
function pretty(text: string): string {
  let out = '';
  let depth = 0;
  const newline = () => `\n${'  '.repeat(depth)}`;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '"') {
      const end = /^"(?:[^"\\]|\\.)*"/.exec(text.slice(i))?.[0] ?? c;
      out += end;
      i += end.length - 1;
    } else if ((c === '{' || c === '[') && (text[i + 1] === '}' || text[i + 1] === ']')) {
      out += `${c}${text[++i]}`;
    } else if (c === '{' || c === '[') {
      depth++;
      out += `${c}${newline()}`;
    } else if (c === '}' || c === ']') {
      depth--;
      out += `${newline()}${c}`;
    } else if (c === ',') out += `,${newline()}`;
    else if (c === ':') out += ': ';
    else out += c;
  }
  return out;
}

/** The JSON text as this leniency writes it (every character escaped is inside a string). */
const TEXTS: Partial<Record<Leniency, (text: string) => string>> = {
  'answers-end-in-newline': (text) => `${text}\n`,
  'answers-pretty-printed': pretty,
  'non-ascii-escaped': (text) => text.replace(/[\u0080-\uffff]/g, hex4),
  'html-characters-escaped': (text) => text.replace(/[<>&\u2028\u2029]/g, hex4),
  'slashes-escaped': (text) => text.replaceAll('/', '\\/'),
};

/** Headers helmet() sets by default (it removes X-Powered-By), and those of the proxy in front. */
const FRAMEWORK_HEADERS = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' https: 'unsafe-inline';upgrade-insecure-requests",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
  server: 'nginx/1.24.0',
  'cache-control': 'no-store',
  vary: 'Origin, Accept-Encoding',
};

/** Whether Accept-Encoding allows `coding` (named, with q above 0). */
const allows = (acceptEncoding: string | undefined, coding: string) =>
  (acceptEncoding ?? '').split(',').some((part) => {
    const [name, q] = part.split(';').map((p) => p.trim().toLowerCase());
    return name === coding && q !== 'q=0' && q !== 'q=0.0';
  });

/** Extra headers, and the status and body a validator turns into a 304. */
function withHeaders(req: IncomingMessage, head: Head, body: Buffer, leniency: Leniency): Buffer {
  if (leniency === 'security-and-framework-headers')
    Object.assign(head.headers, FRAMEWORK_HEADERS, { 'x-request-id': randomUUID() });
  if (leniency === 'sticky-session-cookie')
    head.headers['set-cookie'] =
      `AWSALB=${randomUUID()}; Expires=${new Date(Date.now() + 7 * 86_400_000).toUTCString()}; Path=/`;
  if (leniency === 'connection-close-every-answer') head.headers.connection = 'close';
  if (leniency !== 'etag-and-304' || head.status !== 200 || req.method !== 'GET') return body;
  const tag = `W/"${body.length.toString(16)}-${createHash('sha1').update(body).digest('base64').slice(0, 27)}"`;
  head.headers.etag = tag;
  if (req.headers['if-none-match'] !== tag) return body;
  head.status = 304;
  delete head.headers['content-type'];
  return Buffer.alloc(0);
}

/** The body compressed as the request allows, with its Content-Encoding. */
function compressed(req: IncomingMessage, head: Head, body: Buffer, leniency: Leniency): Buffer {
  const accepted = req.headers['accept-encoding'];
  if (leniency === 'gzip-when-accepted' && body.length >= 20 && allows(accepted, 'gzip')) {
    Object.assign(head.headers, { 'content-encoding': 'gzip', vary: 'Accept-Encoding' });
    return gzipSync(body);
  }
  if (leniency === 'brotli-when-accepted' && body.length > 0 && allows(accepted, 'br')) {
    Object.assign(head.headers, { 'content-encoding': 'br', vary: 'Accept-Encoding' });
    return brotliCompressSync(body);
  }
  return body;
}

/** A JSON array's text split one item a piece: `[`, each item with its comma, `]`. */
const itemPieces = (text: string): string[] => {
  const items = parseJson(text);
  if (!Array.isArray(items) || items.length === 0) return [text];
  return ['[', ...items.map((item, i) => `${i ? ',' : ''}${stringifyJson(item)}`), ']'];
};

/** Makes every answer of `res` go out as the leniency writes it. */
export function shapeAnswers(req: IncomingMessage, res: ServerResponse, leniency: Leniency): void {
  const writeHead = res.writeHead.bind(res) as (status: number, headers: Head['headers']) => void;
  const write = res.write.bind(res) as (chunk: string | Buffer) => void;
  const end = res.end.bind(res) as (chunk?: string | Buffer) => void;
  let head: Head | undefined;
  res.writeHead = ((status: number, headers?: Head['headers']) => {
    head = { status, headers: { ...headers } };
    return res;
  }) as typeof res.writeHead;
  res.end = ((chunk?: string | Buffer) => {
    const out = head ?? { status: res.statusCode, headers: {} };
    let text = chunk === undefined ? '' : chunk.toString();
    const json = /json/i.test(out.headers['content-type'] ?? '') && text !== '';
    const reword = TEXTS[leniency];
    if (json && reword) text = reword(text);
    const label = LABELS[leniency];
    if (label && /^application\/json$/i.test(out.headers['content-type'] ?? ''))
      out.headers['content-type'] = label;
    let body = withHeaders(req, out, Buffer.from(text), leniency);
    body = compressed(req, out, body, leniency);
    const list = req.method === 'GET' && /^\/v1\/pets(\?|$)/.test(req.url ?? '');
    if (leniency === 'list-streamed-item-by-item' && json && list && out.status === 200) {
      writeHead(out.status, out.headers);
      const pieces = itemPieces(text);
      const next = () => {
        const piece = pieces.shift();
        if (piece === undefined) return end();
        write(piece);
        setTimeout(next, 1);
      };
      next();
      return res;
    }
    writeHead(out.status, out.headers);
    end(body);
    return res;
  }) as typeof res.end;
}
