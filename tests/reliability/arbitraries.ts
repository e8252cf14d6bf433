/**
 * fast-check generators for hostile requests: every method, odd paths, odd headers and bodies
 * that range from valid pets to byte garbage.
 */
import fc from 'fast-check';
import { DEFAULT_API_KEY } from '../../mocks/core/defaults.ts';
import { stringifyJson } from '../../spec/json.ts';

/** Methods the fuzzer sends, including ones the mock does not route. */
export const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE'];

/** Paths a client could plausibly or mischievously ask for. */
export const ODD_PATHS = [
  '/v1/pets',
  '/v1/pets/',
  '/v1/pets/1',
  '/v1/pets/999999',
  '//pets',
  '/v1//pets',
  '//v1/pets',
  '/v1/pets/%00',
  '/v1/pets/..%2f',
  '/v1/pets/..%2f..%2f__mock%2fstate',
  '/v1/pets/../../__mock/state',
  `/v1/pets/${'9'.repeat(400)}`,
  '/v1/pets/-1',
  '/v1/pets/0x10',
  '/v1/pets/1e3',
  '/v1/pets/%31',
  '/v1/pets?limit=1&limit=2',
  '/v1/pets?limit[]=1',
  '/v1/pets?__proto__[polluted]=1',
  '/v1/pets?constructor[prototype][polluted]=1',
  '/v1/pets?cursor=%00%ff',
  '/v1/store/orders',
  '/V1/PETS',
  '/v1/%70ets',
  '/v1',
  '/',
  '*',
  'http://example.invalid/v1/pets',
  '/v1/pets/%E0%A4%A',
  '/v1/%zz',
  '/__mock/state',
  '/__mock/data',
  '/__mock/unknown',
];

const segment = fc.oneof(
  fc.constantFrom('v1', 'pets', '1', '', '..', '.', '%2e%2e', '%2f', '__proto__', 'constructor'),
  fc.stringMatching(/^[A-Za-z0-9%._~-]{0,12}$/),
);

/** Request targets: the hand-picked odd paths plus random segment soups. */
export const pathArb = fc.oneof(
  fc.constantFrom(...ODD_PATHS),
  fc.array(segment, { maxLength: 5 }).map((parts) => `/${parts.join('/')}`),
);

/** Authorization header values, from the valid key to near misses; undefined sends none. */
export const authArb = fc.constantFrom(
  `Bearer ${DEFAULT_API_KEY}`,
  `bearer ${DEFAULT_API_KEY}`,
  undefined,
  'Bearer',
  'Bearer ',
  `Bearer ${DEFAULT_API_KEY}x`,
  `Bearer ${DEFAULT_API_KEY.slice(0, -1)}`,
  `Basic ${Buffer.from(`${DEFAULT_API_KEY}:`).toString('base64')}`,
  DEFAULT_API_KEY,
);

/** Content-Type values, including absent, wrong, and oddly spelt JSON. */
export const contentTypeArb = fc.constantFrom(
  undefined,
  'application/json',
  'APPLICATION/JSON; charset=UTF-8',
  'application/json; charset=utf-16',
  'application/merge-patch+json',
  'text/plain',
  'multipart/form-data; boundary=x',
  'application/x-www-form-urlencoded',
  '',
  ';;;',
);

const nested = fc
  .tuple(fc.integer({ min: 1, max: 50_000 }), fc.constantFrom('[', '{"a":', '[{"b":'))
  .map(([depth, opener]) => opener.repeat(depth));

const POISON = [
  '',
  ',"__proto__":{"polluted":"yes"}',
  ',"constructor":{"prototype":{"polluted":"yes"}}',
];

// Poison keys are spliced into the text: an object literal's `__proto__` would set a prototype.
const petLike = fc
  .tuple(
    fc.record(
      {
        name: fc.oneof(fc.string({ maxLength: 300 }), fc.constant('__proto__'), fc.integer()),
        categoryId: fc.oneof(fc.bigInt(), fc.double(), fc.constant('1'), fc.constant(null)),
        status: fc.constantFrom('available', 'pending', 'sold', 'toString', '__proto__', 'x'),
        id: fc.integer(),
      },
      { requiredKeys: [] },
    ),
    fc.constantFrom(...POISON),
  )
  .map(([fields, poison]) => {
    const text = stringifyJson(fields);
    return text === '{}' ? `{${poison.slice(1)}}` : `${text.slice(0, -1)}${poison}}`;
  });

/** Request bodies: pet-like JSON, arbitrary JSON, deep nesting, raw bytes, or nothing. */
export const bodyArb: fc.Arbitrary<Buffer> = fc.oneof(
  petLike.map((text) => Buffer.from(text)),
  fc.json({ maxDepth: 4 }).map((text) => Buffer.from(text)),
  nested.map((text) => Buffer.from(text)),
  fc.uint8Array({ maxLength: 512 }).map((bytes) => Buffer.from(bytes)),
  fc.constant(Buffer.alloc(0)),
);
