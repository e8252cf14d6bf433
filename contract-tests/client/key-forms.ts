/**
 * How the key goes out: the name of its header and the spelling of its scheme. The suite
 * sends `Authorization: Bearer <key>` as the interface writes it; a server that refuses it
 * there may still take the key in another form (a header read only as `authorization`, a
 * scheme read only as `bearer`). The preflight then tries those forms, and the run goes on
 * in the one that works: the difference is a finding of the run, never a reason not to test.
 */

/** The Authorization header's name as sent, and the scheme word before the key. */
export type KeyForm = { header: string; scheme: string };

/** The form the interface writes: `Authorization: Bearer <API_KEY>`. */
export const INTERFACE_KEY_FORM: KeyForm = { header: 'Authorization', scheme: 'Bearer' };

/** The other forms a server might take the key in, most common first. */
export const OTHER_KEY_FORMS: readonly KeyForm[] = [
  { header: 'authorization', scheme: 'Bearer' },
  { header: 'AUTHORIZATION', scheme: 'Bearer' },
  { header: 'Authorization', scheme: 'bearer' },
  { header: 'authorization', scheme: 'bearer' },
  { header: 'Authorization', scheme: 'BEARER' },
];

/** The header of a key in `form`. */
export const keyHeader = (key: string, form: KeyForm = INTERFACE_KEY_FORM) => ({
  [form.header]: `${form.scheme} ${key}`,
});

/** `Authorization: Bearer <key>` as a form sends it, the key left out. */
export const describeKeyForm = (form: KeyForm): string => `${form.header}: ${form.scheme} <key>`;

/** Whether two forms are the same. */
export const sameKeyForm = (a: KeyForm, b: KeyForm): boolean =>
  a.header === b.header && a.scheme === b.scheme;

/**
 * The headers of a request with its key in `form`: an Authorization header (named in any
 * case) carrying the key after the interface's `Bearer` is renamed, and its scheme
 * respelled; any other value (a near miss, another scheme) only renamed.
 */
export function inKeyForm(
  headers: Record<string, string>,
  key: string,
  form: KeyForm,
): Record<string, string> {
  const name = Object.keys(headers).find((h) => h.toLowerCase() === 'authorization');
  if (name === undefined || (name === form.header && form.scheme === 'Bearer')) return headers;
  // Renamed in place: the headers keep their order.
  return Object.fromEntries(
    Object.entries(headers).map(([h, value]) =>
      h === name
        ? [form.header, value === `Bearer ${key}` ? `${form.scheme} ${key}` : value]
        : [h, value],
    ),
  );
}
