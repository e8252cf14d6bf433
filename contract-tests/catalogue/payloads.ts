/**
 * Generated creation payloads (fast-check): valid ones within what any conforming
 * server must accept at the chosen level, and invalid ones any conforming server
 * must reject, each labelled with what makes it invalid.
 */
import fc from 'fast-check';
import { STATUSES } from '../../spec/checks/spec-model.ts';
import type { Level } from '../../spec/levels.ts';

const INT64_MAX = 2n ** 63n - 1n;

/**
 * Valid payloads. At interface level names are short, non-blank and plain and the
 * category is the one the server accepts; at strict level any name of 1–255 characters
 * with a non-blank one and any category from 1 to 2^63−1.
 */
export function validNewPet(
  level: Level,
  prefix: string,
  categoryId: number | bigint,
  room = Number.POSITIVE_INFINITY,
) {
  const suffix =
    level === 'strict'
      ? fc.string({ unit: 'grapheme', minLength: 0, maxLength: Math.min(20, room) })
      : fc.string({
          unit: fc.constantFrom(
            ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
          ),
          minLength: 1,
          maxLength: Math.max(1, Math.min(12, room)),
        });
  const category =
    level === 'strict'
      ? fc.oneof(fc.constant(categoryId), fc.integer({ min: 1 }), fc.bigInt(1n, INT64_MAX))
      : fc.constant(categoryId);
  return fc.record(
    {
      name: suffix.map((s) => `${prefix}-${s}`),
      categoryId: category,
      status: fc.constantFrom(...STATUSES),
    },
    { requiredKeys: ['name', 'categoryId'] },
  );
}

/** A payload any conforming server must reject with 400, and why. */
export type InvalidPayload = { why: string; body: unknown };

const notAString = fc.oneof(
  fc.integer().map((v) => ['a number', v] as const),
  fc.constant(['null', null] as const),
  fc.boolean().map((v) => ['a boolean', v] as const),
  fc.constant(['an array', ['Rex']] as const),
  fc.constant(['an object', { first: 'Rex' }] as const),
);
const notAnInteger = fc.oneof(
  fc.integer({ min: 1, max: 999 }).map((v) => ['a string', String(v)] as const),
  fc
    .double({ min: 0.5, max: 1e6, noNaN: true, noInteger: true })
    .map((v) => ['a fraction', v] as const),
  fc.constant(['null', null] as const),
  fc.boolean().map((v) => ['a boolean', v] as const),
  fc.constant(['an integer beyond int64', 2n ** 63n] as const),
);
const notAStatus = fc.oneof(
  fc
    .constantFrom('lost', 'AVAILABLE', 'Sold', '', 'available ')
    .map((v) => ['an unknown status', v] as const),
  fc.integer().map((v) => ['a number', v] as const),
  fc.constant(['null', null] as const),
);

/** Invalid payloads: a valid one with one required field missing or one value of a wrong type or enum. */
export function invalidNewPet(
  prefix: string,
  categoryId: number | bigint,
  room = Number.POSITIVE_INFINITY,
): fc.Arbitrary<InvalidPayload> {
  return fc
    .tuple(validNewPet('interface', prefix, categoryId, room), fc.nat())
    .chain(([valid, pick]) => {
      const without = (field: string) =>
        Object.fromEntries(Object.entries(valid).filter(([k]) => k !== field));
      const mutations: fc.Arbitrary<InvalidPayload>[] = [
        fc.constant({ why: 'name is missing', body: without('name') }),
        fc.constant({ why: 'categoryId is missing', body: without('categoryId') }),
        notAString.map(([what, v]) => ({ why: `name is ${what}`, body: { ...valid, name: v } })),
        notAnInteger.map(([what, v]) => ({
          why: `categoryId is ${what}`,
          body: { ...valid, categoryId: v },
        })),
        notAStatus.map(([what, v]) => ({
          why: `status is ${what}`,
          body: { ...valid, status: v },
        })),
        fc.constantFrom(
          { why: 'the body is an array', body: [valid] },
          { why: 'the body is a string', body: 'Rex' },
          { why: 'the body is null', body: null },
          { why: 'the body is an empty object', body: {} },
        ),
      ];
      return mutations[pick % mutations.length] as fc.Arbitrary<InvalidPayload>;
    });
}
