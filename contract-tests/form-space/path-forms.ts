/**
 * Other forms of an operation's path: with a trailing slash, in another case, a letter
 * percent-encoded, a slash doubled. A server may serve any of them (routers and proxies
 * commonly do) or not: serving one is legal. The suite learns with the key which ones the
 * server serves, and holds each served form to every rule of the operation it serves,
 * authentication above all.
 */

/** One way of writing a path, from the path as the interface writes it (`/pets/7`). */
export type PathForm = { label: string; write: (path: string) => string };

/** The path as the interface writes it. */
export const CANONICAL: PathForm = { label: 'as the interface writes it', write: (path) => path };

/** A path's first segment, written anew by `f`. */
const firstSegment = (path: string, f: (segment: string) => string) =>
  path.replace(/^\/([^/]+)/, (_all, segment: string) => `/${f(segment)}`);

/** The other forms, each a common leniency of routers (docs/contract-power.md, the leniency catalogue). */
export const OTHER_PATH_FORMS: readonly PathForm[] = [
  { label: 'with a trailing slash', write: (path) => `${path}/` },
  { label: 'in upper case', write: (path) => path.toUpperCase() },
  {
    label: 'capitalised',
    write: (path) => firstSegment(path, (s) => `${s.charAt(0).toUpperCase()}${s.slice(1)}`),
  },
  {
    label: 'its first letter percent-encoded',
    write: (path) =>
      firstSegment(path, (s) => `%${s.charCodeAt(0).toString(16).toUpperCase()}${s.slice(1)}`),
  },
  { label: 'with a doubled slash', write: (path) => `/${path}` },
];

/** A path form with the query after it (the query is no part of the form). */
export const withQuery = (form: PathForm, path: string, query: string): string =>
  `${form.write(path)}${query ? `?${query}` : ''}`;
