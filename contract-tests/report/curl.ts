/**
 * A `curl` command that replays one request of the suite, with the key never written out:
 * the Authorization header is a shell expression over `$PETSTORE_API_KEY`.
 */
import { stringifyJson } from '../../spec/json.ts';
import type { Request } from '../client/http.ts';

/** The environment variable the replayed request reads the key from. */
export const KEY_VARIABLE = 'PETSTORE_API_KEY';

/** Quotes text for a POSIX shell, in single quotes. */
export const shellQuote = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`;

// Long runs of one plain character (a 10,000-character name) are written as printf.
const RUN = /([A-Za-z0-9 ])\1{63,}/g;

/** Quotes a body for the shell, writing long runs of one character as `printf | tr`. */
function quoteBody(body: string): string {
  const parts: string[] = [];
  let last = 0;
  for (const match of body.matchAll(RUN)) {
    const [run, char] = match as unknown as [string, string];
    if (match.index > last) parts.push(shellQuote(body.slice(last, match.index)));
    const spaces = `$(printf '%${run.length}s' '')`;
    parts.push(char === ' ' ? `"${spaces}"` : `"$(printf '%${run.length}s' '' | tr ' ' ${char})"`);
    last = match.index + run.length;
  }
  if (last < body.length || parts.length === 0) parts.push(shellQuote(body.slice(last)));
  return parts.join('');
}

/** Escapes text for use inside double quotes in a POSIX shell. */
const inDoubleQuotes = (text: string) => text.replace(/["$`\\]/g, '\\$&');

/**
 * The Authorization value as a shell expression for double quotes: the key, wherever it
 * appears, becomes `${PETSTORE_API_KEY}`, so reports and commands never hold it.
 */
export const authShellFor = (value: string, apiKey: string): string =>
  apiKey === ''
    ? inDoubleQuotes(value)
    : value.split(apiKey).map(inDoubleQuotes).join(`\${${KEY_VARIABLE}}`);

/** The Authorization value as the report shows it: a shell expression, or redacted. */
export function shownAuthorization(request: Request): string | undefined {
  const value = request.headers.authorization;
  if (value === undefined) return undefined;
  if (request.authShell !== undefined) return request.authShell;
  const [scheme, ...rest] = value.split(' ');
  return rest.length === 0 ? '[REDACTED]' : `${scheme} [REDACTED]`;
}

/** Text the key may appear in (a header, the URL), as the report shows it. */
export const shownText = (text: string, secret: string | undefined): string =>
  secret
    ? text
        .split(secret)
        .join(`\${${KEY_VARIABLE}}`)
        .split(encodeURIComponent(secret))
        .join(`\${${KEY_VARIABLE}}`)
    : text;

/** Text for the shell: single-quoted, or double-quoted with the key as `${PETSTORE_API_KEY}`. */
const quoteWithKey = (text: string, secret: string | undefined): string => {
  if (!secret) return shellQuote(text);
  // The key as sent, or percent-encoded in a query (replayed as the key itself).
  const pieces = text
    .split(secret)
    .flatMap((piece, i) => [
      ...(i > 0 ? [undefined] : []),
      ...piece.split(encodeURIComponent(secret)).flatMap((p, j) => (j > 0 ? [undefined, p] : [p])),
    ]);
  if (!pieces.includes(undefined)) return shellQuote(text);
  const key = `\${${KEY_VARIABLE}}`;
  return `"${pieces.map((piece) => (piece === undefined ? key : inDoubleQuotes(piece))).join('')}"`;
};

/** The curl command replaying a request sent to `url`. */
export function curlCommand(request: Request, url: string): string {
  const args = ['curl -i', `-X ${request.method}`, quoteWithKey(url, request.secret)];
  for (const [name, value] of Object.entries(request.headers)) {
    if (name.toLowerCase() !== 'authorization')
      args.push(`-H ${quoteWithKey(`${name}: ${value}`, request.secret)}`);
    else {
      const shown = shownAuthorization(request) ?? '';
      // Double quotes let the shell expand the key; nothing else in `shown` is special.
      args.push(
        request.authShell
          ? `-H "Authorization: ${shown}"`
          : `-H ${shellQuote(`Authorization: ${shown}`)}`,
      );
    }
  }
  const body =
    request.rawBody ?? (request.body === undefined ? undefined : stringifyJson(request.body));
  if (body !== undefined) args.push(`--data-raw ${quoteBody(body)}`);
  return args.join(' ');
}
