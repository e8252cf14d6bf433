/**
 * Authorization headers a token parser may alter into the key before comparing it: Rails'
 * `authenticate_with_http_token` strips quotes, drops what follows a comma, semicolon or tab,
 * and reads a `token=` parameter, so `Bearer "KEY"` and `Bearer KEY, x=1` pass there. RFC
 * 6750's `b64token` holds no quotes, commas, semicolons or spaces, so none of these headers
 * carries the key itself: each credential is not the key, "an invalid key" (auth-401).
 *
 * Left out, as HTTP and RFC 6750 allow them for the key itself: the scheme in any case,
 * several spaces after it, whitespace around the whole value (near-miss.ts says why).
 */
import { authShellFor } from '../report/curl.ts';
import type { Credential } from './near-miss.ts';

/** Every form of `key` a lenient token parser reads as the key, each to be refused. */
export function alteredForms(key: string): Credential[] {
  const forms: [string, string][] = [
    ['the key in double quotes', `Bearer "${key}"`],
    ['the key after an opening double quote', `Bearer "${key}`],
    ['the key in single quotes', `Bearer '${key}'`],
    ['the key followed by a comma and a parameter', `Bearer ${key}, x=1`],
    ['the key followed by a comma', `Bearer ${key},`],
    ['the key followed by a semicolon and a parameter', `Bearer ${key};x=1`],
    ['the key as a token= parameter', `Bearer token=${key}`],
    ['the key as a quoted token= parameter', `Bearer token="${key}"`],
    ["the key as Rails' Token scheme writes it", `Token token="${key}"`],
  ];
  return forms.map(([what, header]) => ({
    what,
    authorization: header,
    shell: authShellFor(header, key),
    shown: header.split(key).join('<key>'),
  }));
}
