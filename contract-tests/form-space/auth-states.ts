/**
 * The authentication states a request can be sent in besides the valid key: none at all, an
 * empty header, and every wrong form the catalogue knows (another scheme, the key elsewhere,
 * near misses of the key, forms a token parser alters into it). Each must get 401 with an
 * `Error`, on every form the server serves with the key.
 */
import { type Credential, missingKeys, nearMisses } from '../catalogue/near-miss.ts';
import { alteredForms } from '../catalogue/token-forms.ts';
import type { Request } from '../client/http.ts';

/** A state without the valid key: the Credential of near-miss.ts. */
export type AuthState = Credential;

/** The plainest state: no Authorization header at all. */
export const NO_KEY: AuthState = { what: 'no Authorization header' };

/** Every state without the valid key, no Authorization header first. */
export function authStates(key: string): AuthState[] {
  const [none, ...others] = missingKeys(key);
  const empty: AuthState = {
    what: 'an empty Authorization header',
    authorization: '',
    shell: '',
    shown: '',
  };
  return [...(none ? [none] : []), empty, ...others, ...nearMisses(key), ...alteredForms(key)];
}

/** The request in `state`: its Authorization header (named in any case) replaced or left out. */
export function inState(request: Request, state: AuthState): Request {
  const headers: Record<string, string> = Object.fromEntries(
    Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== 'authorization'),
  );
  if (state.authorization !== undefined) headers.authorization = state.authorization;
  Object.assign(headers, state.headers);
  const query = state.query;
  const path = query
    ? `${request.path}${request.path.includes('?') ? '&' : '?'}${query}`
    : request.path;
  const { authShell: _shell, authShown: _shown, spelled: _spelled, ...rest } = request;
  return {
    ...rest,
    path,
    headers,
    ...(state.shell === undefined ? {} : { authShell: state.shell }),
    ...(state.shown === undefined ? {} : { authShown: state.shown }),
  };
}
