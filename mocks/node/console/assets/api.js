// The console's reads and changes of the mock: the `/__mock/` controls for a session, JSON
// in and out, and the picked session the panels show. Changes carry a JSON Content-Type, so
// the controls take them from this page and refuse them from other sites' (docs/security.md).
import { byId } from './dom.js';

/** `mock` or `proxy`, and in proxy mode whether the mock falls back, records, lends a key. */
export const mode = document.body.dataset;

/** The header that selects `session` ('' or null: the default session). */
export const sessionHeader = (session) =>
  session === '' || session === null || session === undefined ? {} : { 'X-Mock-Session': session };

/** The first key the page shows (the page holds no other). */
export const shownKey = () => byId('api-keys')?.querySelector('code')?.textContent ?? '';

async function failure(response, method, path) {
  const said = await response.json().catch(() => undefined);
  const why = typeof said?.message === 'string' ? `: ${said.message}` : '';
  return new Error(`${method} ${path} answered ${response.status}${why}`);
}

/** GETs a control's JSON for `session`. */
export async function read(path, session) {
  const response = await fetch(path, { cache: 'no-store', headers: sessionHeader(session) });
  if (!response.ok) throw await failure(response, 'GET', path);
  return response.json();
}

/** Sends a change (`body` as JSON) for `session`; resolves with the answer's JSON, if any. */
export async function change(method, path, session, body, extra = {}) {
  const response = await fetch(path, {
    method,
    headers: { 'Content-Type': 'application/json', ...extra, ...sessionHeader(session) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw await failure(response, method, path);
  return response.status === 204 ? undefined : response.json();
}

const listeners = new Set();
let picked = '';

/** The picked session ('' for the default one). */
export const pickedSession = () => picked;

/** Picks a session: every panel that shows one reads it. */
export function pick(session) {
  picked = session ?? '';
  for (const listener of listeners) listener(picked);
}

/** Calls `listener` with the session picked from now on. */
export const onPick = (listener) => listeners.add(listener);

/** A session's name as the page shows it. */
export const sessionName = (session) =>
  session === '' || session === null || session === undefined ? 'default' : session;
