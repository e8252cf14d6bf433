/**
 * Values of every other JSON type than a field's own (number, string, boolean, null, array,
 * object), chosen as a converting reader would turn them into a valid value: an enum's
 * indexes as numbers (Jackson reads 0 as the first member), both booleans (Python's `bool`
 * is an `int`), the field's own valid value as a string and as a one-element array
 * (Jackson's UNWRAP_SINGLE_VALUE_ARRAYS), and as an object. Each breaks the schema, so each
 * must be refused with 400 (catalogue.ts judges it by the spec's validator).
 */
import type { CatalogueValue } from './catalogue-values.ts';

type Schema = Record<string, unknown>;

/** The numbers to send for a field that is no number: 42, and an enum's member indexes. */
function numbers(schema: Schema): CatalogueValue[] {
  const members = Array.isArray(schema.enum) ? schema.enum : [];
  return [
    { label: 'a number', value: 42 },
    ...members.map((member, i) => ({
      label: `the number ${i} (the index of ${String(member)})`,
      value: i,
    })),
  ];
}

/**
 * Every other JSON type than `schema`'s for a field whose valid value is `sample` (the
 * run's category, an enum's first member, a name): what a typed field must refuse.
 */
export function wrongTypes(schema: Schema, sample: unknown): CatalogueValue[] {
  const type = schema.type;
  const byType: Record<string, CatalogueValue[]> = {
    string: [
      { label: 'a string', value: 'Rex' },
      // For an integer, "5" is among its own values (catalogue-values.ts); its valid value too.
      { label: 'its valid value as a string', value: String(sample) },
    ],
    integer: numbers(schema),
    boolean: [
      { label: 'a boolean', value: true },
      { label: 'the boolean false', value: false },
    ],
    null: [{ label: 'null', value: null }],
    array: [
      { label: 'an array', value: ['Rex'] },
      { label: 'its valid value in an array', value: [sample] },
    ],
    object: [
      { label: 'an object', value: { value: 'Rex' } },
      { label: 'its valid value in an object', value: { value: sample } },
    ],
  };
  return Object.entries(byType)
    .filter(([t]) => t !== type)
    .flatMap(([t, values]) => (t === 'string' && type === 'integer' ? values.slice(1) : values));
}
