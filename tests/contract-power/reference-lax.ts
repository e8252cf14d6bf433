/**
 * The faults written apart from the suite (faults.ts `OUTSIDE_FAULTS`), each as its stack
 * does it: Jackson's and Python's conversions of a value of the wrong type, a cache in front
 * that keeps 404s, and Rails' token parser.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Fault } from './faults.ts';

const STATUSES = ['available', 'pending', 'sold'];

/**
 * A creation body as a converting reader sees it: a number for status is the member at that
 * index (Jackson's enum deserializer), a boolean for categoryId is 1 or 0 (a Python `bool`
 * is an `int`). Other bodies are left as sent.
 */
export function converted(body: unknown, has: (f: Fault) => boolean): unknown {
  if (!has('wrong-types-converted') || typeof body !== 'object' || body === null) return body;
  const pet = { ...(body as Record<string, unknown>) };
  if (typeof pet.status === 'number' && STATUSES[pet.status] !== undefined)
    pet.status = STATUSES[pet.status];
  if (typeof pet.categoryId === 'boolean') pet.categoryId = pet.categoryId ? 1 : 0;
  return pet;
}

/**
 * The token of an Authorization header with the Bearer scheme, read as Rails'
 * `ActionController::HttpAuthentication::Token.token_and_options` reads it: the rest split
 * at commas, semicolons and tabs, `token=` put before the first part unless it has it, the
 * value after the first `=` taken, and a quote at either end removed.
 */
export function railsToken(header: string): string | undefined {
  // Ruby's \s and String#strip know ASCII whitespace only (and strip a NUL): no U+00A0.
  const rest = /^Bearer[ \t\r\n\f\v]+(.*)$/s.exec(header)?.[1];
  if (rest === undefined) return undefined;
  const parts = rest
    .split(/[,;\t]/)
    .map((p) => p.replace(/^[ \t\r\n\f\v\0]+|[ \t\r\n\f\v\0]+$/g, ''))
    .filter((p) => p !== '');
  const first = parts[0];
  if (first === undefined) return undefined;
  const param = first.startsWith('token=') ? first : `token=${first}`;
  return param.slice(param.indexOf('=') + 1).replace(/^"|"$/g, '');
}

/**
 * A cache in front of getPet that keeps each 404 (keyed by URL and Authorization, as a CDN
 * varying on it does) and answers it again from then on; gives whether it answered.
 */
export function notFoundCache(): (req: IncomingMessage, res: ServerResponse) => boolean {
  const kept = new Set<string>();
  return (req, res) => {
    if (req.method !== 'GET' || !/^\/v1\/pets\/[^/?]+$/.test(req.url ?? '')) return false;
    const key = `${req.url} ${req.headers.authorization ?? ''}`;
    if (!kept.has(key)) {
      res.on('finish', () => {
        if (res.statusCode === 404) kept.add(key);
      });
      return false;
    }
    const body = JSON.stringify({ code: 'not_found', message: 'no such pet', status: 404 });
    res.writeHead(404, { 'content-type': 'application/json', 'x-cache': 'HIT' });
    res.end(body);
    return true;
  };
}
