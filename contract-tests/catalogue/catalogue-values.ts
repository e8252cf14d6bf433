/**
 * Unusual and malformed values for one schema of the spec, derived from its keywords
 * (type, format, enum, minimum, maximum, minLength, maxLength): the edges a server most
 * often chokes on or quietly changes. Whether each must be accepted is decided elsewhere
 * (catalogue.ts), by the spec's validator at the run's level.
 */

/** A value to try: how to name it, the value, and its JSON text when JSON.stringify differs. */
export type CatalogueValue = { label: string; value: unknown; raw?: string };

type Schema = Record<string, unknown>;

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const INT32 = 2n ** 31n;

/** A string of exactly `length` characters starting with `tag`. */
const padded = (tag: string, length: number) =>
  length <= tag.length ? tag.slice(0, length) : `${tag}-`.padEnd(length, 'x');

/**
 * Strings: empty, blank, padded, each length bound and one past it, 10,000 characters, and
 * texts a storage layer is tempted to alter (non-BMP, combining, right-to-left, control
 * characters, markup, SQL, JSON and URL metacharacters). Each carries `tag` where it can, so a
 * stored copy can be recognised; empty and blank ones cannot.
 */
export function stringValues(schema: Schema, tag: string): CatalogueValue[] {
  const values: CatalogueValue[] = [
    { label: 'an empty string', value: '' },
    { label: 'whitespace only', value: '   ' },
    { label: 'plain text', value: tag },
    { label: 'leading and trailing spaces', value: `  ${tag}  ` },
    { label: 'inner runs of spaces and mixed case', value: `${tag}  Mixed   CASE` },
    { label: 'a tab and line breaks', value: `${tag}\tone\ntwo\r\n` },
    { label: 'control characters (NUL, BEL, ESC, DEL)', value: `${tag}\u0000\u0007\u001b\u007f` },
    { label: 'non-BMP characters (emoji, musical symbol)', value: `${tag} 🐶𝄞😀` },
    { label: 'combining characters (decomposed é and ñ)', value: `${tag} e\u0301 n\u0303` },
    {
      label: 'right-to-left text with a direction mark',
      value: `${tag} \u05e9\u05dc\u05d5\u05dd \u0645\u0631\u062d\u0628\u0627\u200f`,
    },
    { label: 'zero-width and byte-order-mark characters', value: `${tag}\u200b\u200d\ufeff` },
    { label: 'letters whose case mapping changes length', value: `${tag} ß İ ǅ ﬁ` },
    { label: 'HTML markup and entities', value: `${tag}<script>alert(1)</script>&amp;&lt;` },
    { label: 'SQL metacharacters and quotes', value: `${tag}'; DROP TABLE pets; --"` },
    { label: 'JSON metacharacters and escapes', value: `${tag}"},{"id":1}\\u0000\\"` },
    { label: 'URL metacharacters and escapes', value: `${tag} 100% %41%zz +&?#/\\` },
    { label: '10,000 characters', value: padded(tag, 10_000) },
  ];
  for (const keyword of ['minLength', 'maxLength'] as const) {
    const bound = schema[keyword];
    if (typeof bound !== 'number') continue;
    const past = keyword === 'minLength' ? bound - 1 : bound + 1;
    const chars = (n: number) => `${n} character${n === 1 ? '' : 's'}`;
    values.push({ label: `${chars(bound)} (${keyword})`, value: padded(tag, bound) });
    if (past >= 0)
      values.push({ label: `${chars(past)} (one past ${keyword})`, value: padded(tag, past) });
  }
  return values;
}

/** Integers at every edge the schema and its format suggest, then numbers in other forms. */
export function integerValues(schema: Schema): CatalogueValue[] {
  const edges = new Map<string, bigint>([
    ['0', 0n],
    ['-1', -1n],
    ['the int64 minimum', INT64_MIN],
    ['the int64 maximum', INT64_MAX],
    ['2^53', 2n ** 53n],
    ['2^53+1 (not exact as a double)', 2n ** 53n + 1n],
    ['-(2^53+1)', -(2n ** 53n) - 1n],
    ['one past the int64 maximum', INT64_MAX + 1n],
    ['one below the int64 minimum', INT64_MIN - 1n],
  ]);
  if (schema.format === 'int32') {
    edges.set('the int32 maximum', INT32 - 1n);
    edges.set('one past the int32 maximum', INT32);
  }
  for (const keyword of ['minimum', 'maximum'] as const) {
    const bound = schema[keyword];
    if (typeof bound !== 'number') continue;
    const step = keyword === 'minimum' ? -1n : 1n;
    edges.set(`${bound} (${keyword})`, BigInt(bound));
    edges.set(`${BigInt(bound) + step} (one past ${keyword})`, BigInt(bound) + step);
  }
  const numbers = [...edges].map(([label, n]) => ({
    label,
    value: n >= -(2n ** 53n) && n <= 2n ** 53n ? Number(n) : n,
  }));
  return [
    ...numbers,
    { label: 'a fraction', value: 1.5 },
    { label: 'a negative fraction', value: -0.5 },
    { label: 'exponent notation (1e2)', value: 100, raw: '1e2' },
    { label: 'an integer written with a fraction part (2.0)', value: 2, raw: '2.0' },
    {
      label: 'a number beyond any integer type (1E400)',
      value: Number.POSITIVE_INFINITY,
      raw: '1E400',
    },
    { label: 'a number as a string', value: '5' },
  ];
}

/** Every member of an enum, then case variants, padded and unknown members. */
export function enumValues(schema: Schema): CatalogueValue[] {
  const members = (schema.enum as unknown[]).filter((m): m is string => typeof m === 'string');
  const [first = ''] = members;
  return [
    ...members.map((m) => ({ label: `the member ${m}`, value: m })),
    { label: 'a member in upper case', value: first.toUpperCase() },
    { label: 'a member capitalised', value: `${first.charAt(0).toUpperCase()}${first.slice(1)}` },
    { label: 'a member with a trailing space', value: `${first} ` },
    { label: 'a member with a NUL appended', value: `${first}\u0000` },
    { label: 'an unknown member', value: 'lost' },
    { label: 'an empty string', value: '' },
  ];
}

/** The values without repeats (the first label of a value wins). */
export function unique(values: readonly CatalogueValue[]): CatalogueValue[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const key = `${typeof v.value} ${String(v.value)} ${JSON.stringify(v.value, (_k, x) => (typeof x === 'bigint' ? String(x) : x))} ${v.raw}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
