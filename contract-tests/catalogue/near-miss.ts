/**
 * Authorization headers that must not pass: none at all, other schemes, and every near
 * miss of the valid key (another case, a prefix or suffix, a character more or less,
 * whitespace inside), each with the shell expression that rebuilds it from
 * `$PETSTORE_API_KEY`, so a report can replay it without showing the key.
 *
 * Left out on purpose, as HTTP leaves them open: whitespace before or after the whole value
 * (parsers strip it, RFC 9110 5.5), several spaces after the scheme (RFC 6750's `1*SP`), and
 * the scheme's case; so no near miss of a key of one character has a space inside.
 */
import { KEY_VARIABLE } from '../report/curl.ts';

/**
 * A header to send (none when `authorization` is undefined), and how to write it in a shell;
 * `headers` and `query` carry the key elsewhere, where the interface does not look for it.
 */
export type Credential = {
  what: string;
  authorization?: string;
  shell?: string;
  /** The header as a report shows it: as sent, the key masked. */
  shown?: string;
  headers?: Record<string, string>;
  query?: string;
};

const v = KEY_VARIABLE;
const K = `\${${v}}`;

/** Credentials that never carry a valid key, whatever the key. */
export function missingKeys(key: string): Credential[] {
  return [
    { what: 'no Authorization header' },
    // The interface requires the Authorization header: the key anywhere else is no key.
    { what: 'the key in an X-API-Key header instead', headers: { 'x-api-key': key } },
    {
      what: 'the key in an api_key query parameter instead',
      query: `api_key=${encodeURIComponent(key)}`,
    },
    {
      what: 'another scheme (Basic)',
      authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}`,
      shell: `Basic $(printf '%s:' "${K}" | base64)`,
      shown: 'Basic <base64 of "<key>:">',
    },
    { what: 'the key without a scheme', authorization: key, shell: K, shown: '<key>' },
    {
      what: 'a Token scheme',
      authorization: `Token ${key}`,
      shell: `Token ${K}`,
      shown: 'Token <key>',
    },
    { what: 'an empty bearer token', authorization: 'Bearer', shell: 'Bearer' },
    {
      what: 'a made-up key',
      authorization: 'Bearer contract-suite-wrong-key',
      shell: 'Bearer contract-suite-wrong-key',
    },
  ];
}

const swapCase = (c: string) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase());

/**
 * Whether a header is a form RFC 6750 and HTTP allow for the key itself: `Bearer`, one or
 * more spaces, the key, with whitespace around the whole value (stripped, RFC 9110 5.5).
 */
const allowedFormOfKey = (header: string, key: string) =>
  header.replace(/^[ \t]+|[ \t]+$/g, '').replace(/^Bearer +/, 'Bearer ') === `Bearer ${key}`;

/**
 * Every near miss of `key`, sent with the `Bearer` scheme as the interface writes it; `shown`
 * is how a report writes it: as sent, the key masked (`<key>`, or what was made of it).
 */
export function nearMisses(key: string): Credential[] {
  const mid = Math.floor(key.length / 2);
  const bearer = (what: string, token: string, shell: string, shown: string): Credential => ({
    what,
    authorization: `Bearer ${token}`,
    shell: `Bearer ${shell}`,
    shown: `Bearer ${shown}`,
  });
  const halves = `<the key's first ${mid} characters>`;
  const rest = `<the rest of the key>`;
  const candidates = [
    bearer('the key in upper case', key.toUpperCase(), `\${${v}^^}`, '<the key in upper case>'),
    bearer('the key in lower case', key.toLowerCase(), `\${${v},,}`, '<the key in lower case>'),
    ...(/^[a-zA-Z]/.test(key)
      ? [
          bearer(
            'the key with its first letter in the other case',
            `${swapCase(key.charAt(0))}${key.slice(1)}`,
            `\${${v}~}`,
            '<the key, its first letter in the other case>',
          ),
        ]
      : []),
    bearer(
      'a prefix of the key (its last character cut)',
      key.slice(0, -1),
      `\${${v}%?}`,
      '<the key without its last character>',
    ),
    bearer('the first half of the key', key.slice(0, mid), `\${${v}:0:${mid}}`, halves),
    bearer(
      'a suffix of the key (its first character cut)',
      key.slice(1),
      `\${${v}#?}`,
      '<the key without its first character>',
    ),
    bearer('the key with a character appended', `${key}x`, `${K}x`, '<key>x'),
    bearer('the key with a character prepended', `x${key}`, `x${K}`, 'x<key>'),
    bearer(
      'the key with a middle character missing',
      `${key.slice(0, mid)}${key.slice(mid + 1)}`,
      `\${${v}:0:${mid}}\${${v}:${mid + 1}}`,
      `<the key without its character ${mid + 1}>`,
    ),
    // Inside: with a character of the key on either side (at an end, it is whitespace HTTP strips).
    ...(mid >= 1
      ? [
          bearer(
            'the key with a space inside',
            `${key.slice(0, mid)} ${key.slice(mid)}`,
            `\${${v}:0:${mid}} \${${v}:${mid}}`,
            `${halves} ${rest}`,
          ),
          bearer(
            'the key with a tab inside',
            `${key.slice(0, mid)}\t${key.slice(mid)}`,
            `\${${v}:0:${mid}}$(printf '\\t')\${${v}:${mid}}`,
            `${halves}\\t${rest}`,
          ),
        ]
      : []),
    bearer(
      'the key followed by a no-break space (U+00A0, which HTTP does not strip)',
      `${key}\u00a0`,
      `${K}$(printf '\\240')`,
      '<key>\\u00a0',
    ),
  ];
  const seen = new Set([`Bearer ${key}`, 'Bearer']);
  return candidates.filter((c) => {
    const header = c.authorization ?? '';
    if (seen.has(header) || header.trim() === 'Bearer' || allowedFormOfKey(header, key))
      return false;
    seen.add(header);
    return true;
  });
}
