/**
 * How the reference server reads the Authorization header: `Bearer <key>` exactly, unless
 * a fault lets something else in.
 */
import type { Fault } from './faults.ts';
import { railsToken } from './reference-lax.ts';

/** The key the reference server accepts. */
export const REFERENCE_KEY = 'reference-key';

/** Whether the header carries the key, as the server (with its fault) sees it. */
export function authorized(header: string, has: (f: Fault) => boolean): boolean {
  if (has('wrong-key-accepted') && /^Bearer \S+/.test(header)) return true;
  if (has('empty-bearer-accepted') && /^Bearer\s*$/.test(header)) return true;
  if (has('other-scheme-accepted') && header.endsWith(REFERENCE_KEY)) return true;
  if (has('token-parsed-as-rails-does')) return railsToken(header) === REFERENCE_KEY;
  if (!header.startsWith('Bearer ')) return false;
  const token = header.slice('Bearer '.length);
  if (has('key-case-insensitive')) return token.toLowerCase() === REFERENCE_KEY.toLowerCase();
  if (has('key-prefix-accepted')) return token !== '' && REFERENCE_KEY.startsWith(token);
  if (has('key-suffix-accepted')) return token !== '' && REFERENCE_KEY.endsWith(token);
  if (has('key-extra-characters-accepted')) return token.startsWith(REFERENCE_KEY);
  if (has('key-inner-whitespace-stripped')) return token.replace(/\s/g, '') === REFERENCE_KEY;
  if (has('key-trimmed')) return token.trim() === REFERENCE_KEY;
  return token === REFERENCE_KEY;
}
