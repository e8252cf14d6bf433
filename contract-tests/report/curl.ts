/**
 * A `curl` command that replays one request of the suite, with the key never written out:
 * the Authorization header is a shell expression over `$PETSTORE_API_KEY`.
 */
import { bodyText, headerOf, type Request } from '../client/http.ts';

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

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** The length of the UTF-8 sequence a lead byte starts (0 for a byte no sequence starts with). */
const sequenceLength = (lead: number) =>
  lead < 0x80
    ? 1
    : lead >= 0xc2 && lead < 0xe0
      ? 2
      : lead >= 0xe0 && lead < 0xf0
        ? 3
        : lead >= 0xf0 && lead < 0xf5
          ? 4
          : 0;

/** Bytes split into UTF-8 text and the single bytes that are not part of any. */
function utf8Pieces(bytes: Uint8Array): (string | number)[] {
  const pieces: (string | number)[] = [];
  let text = '';
  for (let at = 0; at < bytes.length; ) {
    const length = sequenceLength(bytes[at] as number);
    let char: string | undefined;
    try {
      if (length > 0 && at + length <= bytes.length)
        char = UTF8.decode(bytes.subarray(at, at + length));
    } catch {
      char = undefined;
    }
    if (char === undefined) {
      if (text) pieces.push(text);
      pieces.push(bytes[at] as number);
      text = '';
      at += 1;
    } else {
      text += char;
      at += length;
    }
  }
  if (text) pieces.push(text);
  return pieces;
}

const hex = (byte: number) => `\\x${byte.toString(16).toUpperCase().padStart(2, '0')}`;

/**
 * Bytes as readable text: UTF-8 where they are, each byte that is not as `\xFF` (C's and
 * bash's `$'…'` notation), so a report shows what was sent.
 */
export const shownBytes = (bytes: Uint8Array): string =>
  utf8Pieces(bytes)
    .map((p) => (typeof p === 'number' ? hex(p) : p))
    .join('');

/** Bytes for the shell in bash's `$'…'` quoting, each byte that is not UTF-8 as `\xFF`. */
const quoteBytes = (bytes: Uint8Array): string =>
  `$'${utf8Pieces(bytes)
    .map((p) => (typeof p === 'number' ? hex(p) : p.replace(/[\\']/g, '\\$&')))
    .join('')}'`;

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

/** The Authorization value as the report shows it: the key masked, or redacted. */
export function shownAuthorization(request: Request): string | undefined {
  const value = headerOf(request.headers, 'authorization');
  if (value === undefined) return undefined;
  if (request.authShown !== undefined) return request.authShown;
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
      const shown = request.authShell ?? shownAuthorization(request) ?? '';
      // Double quotes let the shell expand the key; nothing else in `shown` is special.
      // The header's name as sent: a server may read only one spelling of it.
      args.push(
        request.authShell ? `-H "${name}: ${shown}"` : `-H ${shellQuote(`${name}: ${shown}`)}`,
      );
    }
  }
  const body = bodyText(request);
  if (request.rawBytes) args.push(`--data-binary ${quoteBytes(request.rawBytes)}`);
  else if (body !== undefined) args.push(`--data-raw ${quoteBody(body)}`);
  return args.join(' ');
}
