/**
 * Bearer authentication: the scheme name is matched case-insensitively (RFC 9110); anything
 * but `Bearer <token>` counts as a missing key.
 */
import { MockError } from './errors.ts';

/** Compares a sent key with the configured keys; must take the same time for any input. */
export type KeyMatcher = (sent: string) => boolean;

/** The RFC 6750 challenge every 401 carries (the spec's WwwAuthenticate header). */
export const REALM = 'Bearer realm="petstore"';
const BEARER = /^bearer +(\S+) *$/i;

/**
 * A matcher without node: imports for the browser: every key is compared over the full
 * length of the longer string, so the time does not depend on where they differ.
 */
export function createPortableKeyMatcher(keys: readonly string[]): KeyMatcher {
  return (sent) => {
    let matched = false;
    for (const key of keys) {
      let diff = key.length ^ sent.length;
      const length = Math.max(key.length, sent.length);
      for (let i = 0; i < length; i++) diff |= (key.charCodeAt(i) | 0) ^ (sent.charCodeAt(i) | 0);
      matched = matched || diff === 0;
    }
    return matched;
  };
}

/** Whether a request's Authorization header carries a key `matches` accepts. */
export function holdsKey(authorization: string | null, matches: KeyMatcher): boolean {
  const token = authorization === null ? undefined : BEARER.exec(authorization)?.[1];
  return token !== undefined && matches(token);
}

/** Throws the 401 for a request whose Authorization header does not carry a valid key. */
export function authenticate(authorization: string | null, matches: KeyMatcher): void {
  const token = authorization === null ? undefined : BEARER.exec(authorization)?.[1];
  if (token === undefined) {
    throw new MockError(
      401,
      'unauthorized',
      'missing API key: send Authorization: Bearer <API_KEY>',
      {
        'www-authenticate': REALM,
      },
    );
  }
  if (!matches(token)) {
    throw new MockError(
      401,
      'unauthorized',
      'invalid API key: check the key sent in Authorization: Bearer <API_KEY>',
      {
        'www-authenticate': `${REALM}, error="invalid_token"`,
      },
    );
  }
}
