/**
 * A proxy in front of the real mock that breaks exactly one decision of the spec (an `x-decision`),
 * so the strict level can be shown failing where the interface level must still pass.
 */
import { createServer, type IncomingHttpHeaders, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseJson, stringifyJson } from '../../spec/json.ts';

/** One decision broken, on the way back from the mock (or instead of it). */
export type DecisionFault =
  | 'sunset-dropped'
  | 'codes-upper-case'
  | 'next-link-dropped'
  | 'www-authenticate-dropped'
  | 'bad-limit-clamped'
  | 'cors-origin-dropped'
  | 'list-reversed'
  | 'location-dropped'
  | 'deprecation-dropped'
  | 'messages-vague'
  | 'other-media-types-read'
  | 'non-utf8-read';

/** The faults, for iteration. */
export const DECISION_FAULTS: readonly DecisionFault[] = [
  'sunset-dropped',
  'codes-upper-case',
  'next-link-dropped',
  'www-authenticate-dropped',
  'bad-limit-clamped',
  'cors-origin-dropped',
  'list-reversed',
  'location-dropped',
  'deprecation-dropped',
  'messages-vague',
  'other-media-types-read',
  'non-utf8-read',
];

/**
 * The faults whose interface-level run adds nothing: the conforming reference servers
 * already order newest first, send no Location or Deprecation and word messages their way.
 */
export const STRICT_ONLY: readonly DecisionFault[] = [
  'list-reversed',
  'location-dropped',
  'deprecation-dropped',
  'messages-vague',
];

const DROPPED: Partial<Record<DecisionFault, string>> = {
  'sunset-dropped': 'sunset',
  'next-link-dropped': 'link',
  'www-authenticate-dropped': 'www-authenticate',
  'cors-origin-dropped': 'access-control-allow-origin',
  'location-dropped': 'location',
  'deprecation-dropped': 'deprecation',
};

function rewrite(
  fault: DecisionFault | undefined,
  headers: IncomingHttpHeaders,
  body: Buffer,
  path: string,
) {
  const out = { ...headers };
  const dropped = fault && DROPPED[fault];
  // getPet's Link is its successor link, not pagination: only drop rel="next".
  if (dropped && (dropped !== 'link' || String(out.link).includes('rel="next"'))) {
    delete out[dropped];
  }
  if (fault === 'codes-upper-case' && body.length > 0 && body.includes('"code"')) {
    const text = body
      .toString()
      .replace(/"code":"([a-z_]+)"/, (_, c: string) => `"code":"${c.toUpperCase()}"`);
    body = Buffer.from(text);
  }
  if (
    fault === 'list-reversed' &&
    /^\/v1\/pets(\?|$)/.test(path) &&
    body.subarray(0, 1).toString() === '['
  ) {
    body = Buffer.from(stringifyJson((parseJson(body.toString()) as unknown[]).reverse()));
  }
  if (fault === 'messages-vague' && body.includes('"validation_failed"')) {
    const error = parseJson(body.toString()) as Record<string, unknown>;
    body = Buffer.from(stringifyJson({ ...error, message: 'invalid request' }));
  }
  out['content-length'] = String(body.length);
  return { headers: out, body };
}

/** Starts the proxy on a random loopback port in front of `target`; no fault passes all through. */
export async function startDecisionProxy(target: string, fault?: DecisionFault) {
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', target);
    const limit = Number(url.searchParams.get('limit'));
    if (
      fault === 'bad-limit-clamped' &&
      url.searchParams.has('limit') &&
      !(limit >= 1 && limit <= 100)
    ) {
      url.searchParams.set('limit', String(Number.isInteger(limit) && limit > 100 ? 100 : 1));
    }
    // A creation under another label reaches the mock as JSON: read, where strict refuses it (415).
    const type = req.headers['content-type'];
    if (
      fault === 'other-media-types-read' &&
      req.method === 'POST' &&
      !/^application\/(?:[\w.+-]+\+)?json/i.test(type ?? '')
    )
      req.headers['content-type'] = 'application/json';
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      // A creation's bytes that are not UTF-8 reach the mock as U+FFFD, as Express's reader
      // decodes them: stored, where strict refuses them (400) and the interface is silent.
      if (fault === 'non-utf8-read' && req.method === 'POST') {
        const read = Buffer.from(Buffer.concat(chunks).toString('utf8'));
        chunks.splice(0, chunks.length, read);
        if (req.headers['content-length'] !== undefined)
          req.headers['content-length'] = String(read.length);
      }
      const forward = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: `${url.pathname}${url.search}`,
          headers: req.headers,
        },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on('data', (c: Buffer) => parts.push(c));
          answer.on('end', () => {
            const path = `${url.pathname}${url.search}`;
            const { headers, body } = rewrite(fault, answer.headers, Buffer.concat(parts), path);
            res.writeHead(answer.statusCode ?? 502, headers);
            res.end(body);
          });
        },
      );
      forward.on('error', () => res.writeHead(502).end());
      forward.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
