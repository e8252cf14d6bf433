/**
 * Profiles for the profiled mock's tests: together they use every value of every field at
 * least once, and each has a contradicting twin (one field changed) and the rule that must
 * catch it, plus what --print-profile can read back of it.
 */
import type { Profile } from '../../spec/profile.ts';

/** One profile of the matrix, its contradicting twin and the rule that catches it. */
export type MatrixCase = {
  name: string;
  profile: Profile;
  changed: Profile;
  caughtBy: string;
  /** Seed animals of the mock (default 40). */
  seedCount?: number;
};

const change = (profile: Profile, field: Profile): Profile => ({ ...profile, ...field });

const P1: Profile = {
  pagination: 'link',
  order: 'id-asc',
  defaultStatus: 'available',
  outOfRangeLimit: 400,
  errorCodes: { '400': 'invalid_input', '401': 'unauthenticated', '404': 'missing' },
  maxNameLength: 255,
  unknownFields: 'refuse',
  otherMediaTypes: 'refuse',
};
const P2: Profile = {
  pagination: 'none',
  order: 'id-desc',
  defaultStatus: 'pending',
  outOfRangeLimit: 'clamp',
  errorCodes: { '404': 'NOT_FOUND' },
  maxNameLength: 80,
  unknownFields: 'ignore',
  otherMediaTypes: 'read',
};
const P3: Profile = {
  pagination: 'link',
  order: 'newest-first',
  defaultStatus: 'sold',
  outOfRangeLimit: 422,
  maxNameLength: 400,
};
const P4: Profile = {
  pagination: 'link',
  order: 'name-asc',
  defaultStatus: 'omitted',
  outOfRangeLimit: 'clamp',
  unknownFields: 'ignore',
  otherMediaTypes: 'read',
};
const P5: Profile = {
  pagination: 'none',
  order: 'any',
  outOfRangeLimit: 400,
  errorCodes: { '400': 'BAD_REQUEST' },
  maxNameLength: 60,
  unknownFields: 'refuse',
};

/** The matrix: each profile with one field contradicted. */
export const MATRIX: MatrixCase[] = [
  {
    name: 'P1',
    profile: P1,
    changed: change(P1, { order: 'id-desc' }),
    caughtBy: 'declared-order',
  },
  {
    name: 'P2',
    profile: P2,
    changed: change(P2, { defaultStatus: 'sold' }),
    caughtBy: 'declared-default-status',
  },
  {
    name: 'P3',
    profile: P3,
    changed: change(P3, { outOfRangeLimit: 400 }),
    caughtBy: 'declared-limit-range',
  },
  {
    name: 'P4',
    profile: P4,
    changed: change(P4, { unknownFields: 'refuse' }),
    caughtBy: 'declared-unknown-fields',
  },
  {
    name: 'P5',
    profile: P5,
    changed: change(P5, { maxNameLength: 70 }),
    caughtBy: 'declared-name-length',
  },
];

/** More contradictions, for the fields the twins above leave uncontradicted. */
export const MORE_CONTRADICTIONS: MatrixCase[] = [
  {
    name: 'P2 codes',
    profile: P2,
    changed: change(P2, { errorCodes: { '404': 'not_found' } }),
    caughtBy: 'declared-error-codes',
  },
  {
    name: 'P4 media types',
    profile: P4,
    changed: change(P4, { otherMediaTypes: 'refuse' }),
    caughtBy: 'declared-media-types',
  },
  // Declared Link pages, one answer given: on a mock holding more than a page, the walk ends
  // with the first answer and misses the run's animals. (Declared one answer on a Link
  // server is beyond the suite: a full page may be all there is.)
  {
    name: 'P5 pagination',
    profile: P5,
    changed: change(P5, { pagination: 'link' }),
    caughtBy: 'declared-pagination',
    seedCount: 150,
  },
];

// The codes the mock answers when a profile leaves them out (this project's).
const OWN_CODES = { '400': 'validation_failed', '401': 'unauthorized', '404': 'not_found' };

/**
 * What --print-profile reads off a mock answering by `profile`: every field a GET shows, and
 * what it does with a body labelled text/plain. newest-first reads as id-desc (ids grow),
 * `any` as the id order the mock keeps, and the 400 code only where limit=0 is refused with 400.
 */
export function observable(profile: Profile): Profile {
  const codes = { ...OWN_CODES, ...profile.errorCodes };
  const limit = profile.outOfRangeLimit ?? 400;
  const order = profile.order ?? 'id-asc';
  return {
    pagination: profile.pagination ?? 'link',
    order: order === 'newest-first' ? 'id-desc' : order === 'any' ? 'id-asc' : order,
    outOfRangeLimit: limit,
    errorCodes: {
      ...(limit === 400 ? { '400': codes['400'] } : {}),
      '401': codes['401'],
      '404': codes['404'],
    },
    otherMediaTypes: profile.otherMediaTypes ?? 'refuse',
  };
}
