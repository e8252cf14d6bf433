/**
 * docs/profiles.md tells users what a profile may say: its table has a row for every field
 * the profile vocabulary (spec/profile.ts) holds, with the very values it takes, so that a
 * field added or a value renamed cannot leave the page behind.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import {
  DEFAULT_STATUSES,
  ORDERS,
  OTHER_MEDIA_TYPES,
  PAGINATIONS,
  PROFILE_FIELDS,
  UNKNOWN_FIELDS,
} from '../../spec/profile.ts';

const page = readFileSync(new URL('../../docs/profiles.md', import.meta.url), 'utf8');
/** The table's rows, by field: the values column as written. */
const rows = new Map(
  [...page.matchAll(/^\| `(\w+)` \| ([^|]+) \|/gm)].map((m) => [m[1], m[2]?.trim() ?? '']),
);
const listed = (values: readonly string[]) => values.map((v) => `\`${v}\``).join(', ');

it('has a row for every field of a profile the mock answers', () => {
  const answered = PROFILE_FIELDS.filter((f) => f !== 'decisions' && f !== 'off');
  expect([...rows.keys()].sort()).toEqual([...answered].sort());
  expect(page).toMatch(/`decisions` and `off` concern the contract suite only/);
});

it('lists exactly the values each field with a fixed set takes', () => {
  expect(rows.get('pagination')).toBe(listed(PAGINATIONS));
  expect(rows.get('order')).toBe(listed(ORDERS));
  expect(rows.get('defaultStatus')).toBe(listed(DEFAULT_STATUSES));
  expect(rows.get('unknownFields')).toBe(listed(UNKNOWN_FIELDS));
  expect(rows.get('otherMediaTypes')).toBe(listed(OTHER_MEDIA_TYPES));
});
