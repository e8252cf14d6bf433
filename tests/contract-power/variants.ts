import type { Profile } from '../../spec/profile.ts';

/**
 * The unusual but conforming ways the reference server can fill the interface's gaps
 * (its faults are in faults.ts).
 */

/** How a conforming server may fill a gap of the interface differently from the mock. */
export type Variant = {
  /** First id assigned (a bigint above 2^53 tests exactness). */
  firstId?: bigint;
  newestFirst?: boolean;
  /** Clamp an out-of-range limit into 1..100 instead of answering 400. */
  clampLimit?: boolean;
  /** Leave `status` out when it was not sent, or use this default. */
  defaultStatus?: string | null;
  maxNameLength?: number;
  /** Accepted categories; any positive integer when absent. */
  categories?: readonly number[];
  /** Error code strings in another style. */
  codeStyle?: 'snake' | 'upper';
  /** Ignore unknown creation properties instead of rejecting them. */
  ignoreExtraProperties?: boolean;
  /** A malformed petId ("abc") gives 404 rather than 400. */
  malformedIdIs404?: boolean;
  /** Pets the server already holds, owned by others. */
  preload?: number;
  /** The status of every preloaded pet (the three in turn by default). */
  preloadStatus?: string;
  /** The Sunset header getPet sends (none by default). */
  sunset?: string;
  /** Media type of error responses. */
  errorMediaType?: string;
  /** Serve at most this many pets a page whatever `limit` asks (`limit` is a maximum). */
  pageCap?: number;
  /** Distance between consecutive ids (1 by default). */
  idStep?: bigint;
  /** Refuse names holding control characters with 400 instead of storing them. */
  rejectControlChars?: boolean;
  /** Refuse unknown or repeated query parameters with 400. */
  strictQuery?: boolean;
  /** The status refusing a bad query parameter or petId (400 by default), e.g. 422. */
  parameterErrorStatus?: number;
  /** Answer 429 (Retry-After: 0) to requests beyond this many within 100 ms. */
  throttleBurst?: number;
  /** Answer 429 (Retry-After: 1) to requests beyond this many in a second, as gateways do. */
  ratePerSecond?: number;
  /** Continue a list by RFC 8288 Link rel="next" with a cursor (the last id listed). */
  linkPages?: boolean;
  /** Write Link as RFC 8288 also allows: a first link, a title before rel, rel unquoted. */
  looseLinks?: boolean;
  /** Read petId as a framework does: JavaScript's Number(), or Python's int(). */
  petIdReading?: 'number' | 'python-int';
  /** Read a creation body whatever its media type (JSON text as JSON, a form as its fields). */
  readsAnyMediaType?: boolean;
  /** Close a kept-alive connection idle this long (Node's keepAliveTimeout). */
  idleTimeoutMs?: number;
};

/** The conforming variants, by name, with the extra CLI arguments each needs. */
export const CONFORMING: Record<string, { variant: Variant; args?: string[] }> = {
  baseline: { variant: {} },
  'ids-above-2^53': { variant: { firstId: 2n ** 53n + 7n } },
  'newest-first': { variant: { newestFirst: true } },
  'clamped-limits': { variant: { clampLimit: true } },
  'status-omitted-when-not-sent': { variant: { defaultStatus: null } },
  'name-limited-to-50': { variant: { maxNameLength: 50 } },
  'categories-1-to-3': { variant: { categories: [1, 2, 3] }, args: ['--category-id', '2'] },
  'other-error-codes': { variant: { codeStyle: 'upper' } },
  'extra-properties-ignored': { variant: { ignoreExtraProperties: true } },
  'malformed-id-404': { variant: { malformedIdIs404: true } },
  'holds-150-other-pets': { variant: { preload: 150 } },
  'holds-only-sold-pets': { variant: { preload: 5, preloadStatus: 'sold' } },
  'sunset-in-asctime-form': { variant: { sunset: 'Thu Dec  5 18:30:00 2030' } },
  'problem-json-errors': { variant: { errorMediaType: 'application/problem+json' } },
  'pages-of-at-most-7': { variant: { pageCap: 7 } },
  'parameters-refused-422': { variant: { parameterErrorStatus: 422, strictQuery: true } },
  'throttles-bursts': { variant: { throttleBurst: 8 } },
  'rate-limited-per-second': { variant: { ratePerSecond: 60 } },
  'petId-read-by-Number': { variant: { petIdReading: 'number' } },
  'petId-read-by-python-int': { variant: { petIdReading: 'python-int' } },
  'name-limited-to-20': { variant: { maxNameLength: 20 } },
  'name-limited-to-8': { variant: { maxNameLength: 8 } },
  'idle-timeout-100ms': { variant: { idleTimeoutMs: 100 } },
  'bodies-read-whatever-their-label': { variant: { readsAnyMediaType: true } },
  'link-pages-written-loosely': { variant: { preload: 150, linkPages: true, looseLinks: true } },
  'careful-another-way': {
    variant: {
      firstId: 2n ** 53n + 1000n,
      idStep: 7n,
      newestFirst: true,
      rejectControlChars: true,
      maxNameLength: 100,
      pageCap: 10,
      codeStyle: 'upper',
      strictQuery: true,
      defaultStatus: null,
      sunset: 'Thursday, 05-Dec-30 23:59:59 GMT',
    },
  },
};

const REFERENCE_CODES = { '400': 'validation_failed', '401': 'unauthorized', '404': 'not_found' };

/**
 * The profile that describes a variant: each gap choice it makes, as its team would declare
 * it (a capped page declares no pagination: it is neither one answer nor Link pages).
 */
export function profileOf(variant: Variant): Profile {
  const codes = Object.fromEntries(
    Object.entries(REFERENCE_CODES).map(([status, code]) => [
      status,
      variant.codeStyle === 'upper' ? code.toUpperCase().replaceAll('_', '-') : code,
    ]),
  );
  const pagination = variant.linkPages ? 'link' : variant.pageCap ? undefined : 'none';
  return {
    ...(pagination ? { pagination } : {}),
    order: variant.newestFirst ? 'newest-first' : 'id-asc',
    defaultStatus:
      variant.defaultStatus === null
        ? 'omitted'
        : ((variant.defaultStatus ?? 'available') as NonNullable<Profile['defaultStatus']>),
    outOfRangeLimit: variant.clampLimit ? 'clamp' : (variant.parameterErrorStatus ?? 400),
    errorCodes: codes,
    ...(variant.maxNameLength === undefined ? {} : { maxNameLength: variant.maxNameLength }),
    unknownFields: variant.ignoreExtraProperties ? 'ignore' : 'refuse',
    otherMediaTypes: variant.readsAnyMediaType ? 'read' : 'refuse',
  };
}
