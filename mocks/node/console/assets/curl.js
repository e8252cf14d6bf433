// A curl command that sends a journaled request again, as the app sent it. The journal masks
// credentials, so the key put back is the one this page shows (the mock's own), or a shell
// variable where the app's key went to the backend as sent and the page never saw it.
import { targetOf } from './words.js';

// What curl or the shell sets by itself, what only a browser sends, and what the mock set.
const LEFT_OUT =
  /^(?:host|connection|content-length|accept-encoding|accept-language|origin|referer|user-agent|cookie|cache-control|pragma|priority|dnt|if-none-match|if-modified-since|x-msw-intention|sec-.*)$/;

/** Quotes a word for a POSIX shell. */
export const shellQuote = (text) => `'${String(text).replaceAll("'", `'\\''`)}'`;

/** The body as the app sent it: JSON again when the journal parsed it, else its text. */
const bodyText = (body) => (typeof body === 'string' ? body : JSON.stringify(body));

/**
 * The curl command for journal entry `entry` against the mock at `origin`; `key` replaces a
 * masked Bearer key (absent: `$PETSTORE_API_KEY`).
 */
export function replayCurl(entry, origin, key) {
  const parts = ['curl'];
  if (entry.method !== 'GET') parts.push('-X', entry.method);
  for (const [name, value] of Object.entries(entry.headers ?? {})) {
    if (LEFT_OUT.test(name) || (name === 'accept' && value === '*/*')) continue;
    const masked = /^Bearer \[masked\]$/i.test(value);
    if (name === 'authorization' && masked) {
      const header = key
        ? `Authorization: Bearer ${key}`
        : 'Authorization: Bearer $PETSTORE_API_KEY';
      parts.push('-H', key ? shellQuote(header) : `"${header}"`);
    } else if (!value.includes('[masked]')) parts.push('-H', shellQuote(`${name}: ${value}`));
  }
  if (entry.body !== undefined) parts.push('--data-raw', shellQuote(bodyText(entry.body)));
  parts.push(shellQuote(`${origin}${targetOf(entry)}`));
  return parts.join(' ');
}
