import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { parse } from 'yaml';
import { DEPRECATION, LIMIT, PET_STATUSES, SUNSET } from '../../spec/constants.ts';
import { MockError } from './errors.ts';
import { parseLimit, parsePetId, parseStatus } from './validate.ts';

// Read from the YAML itself, not the generated module, so a stale generation shows too.
const spec = parse(readFileSync(new URL('../../spec/openapi.yaml', import.meta.url), 'utf8'));
const limit = spec.components.parameters.Limit.schema;

const rejects = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof MockError ? error.message : String(error);
  }
  return undefined;
};

it('takes the limit bounds and default from the spec', () => {
  expect(LIMIT).toEqual({ min: limit.minimum, max: limit.maximum, default: limit.default });
  expect(parseLimit(null)).toBe(limit.default);
  expect(parseLimit(String(limit.minimum))).toBe(limit.minimum);
  expect(parseLimit(String(limit.maximum))).toBe(limit.maximum);
  expect(rejects(() => parseLimit(String(limit.maximum + 1)))).toBe(
    `limit must be an integer from ${limit.minimum} to ${limit.maximum}, got "${limit.maximum + 1}"`,
  );
  expect(rejects(() => parseLimit(String(limit.minimum - 1)))).toBeDefined();
});

it('takes the statuses, the sunset and the deprecation date from the spec', () => {
  expect(PET_STATUSES).toEqual(spec.components.schemas.PetStatus.enum);
  for (const status of PET_STATUSES) expect(parseStatus(status)).toBe(status);
  expect(SUNSET).toBe(spec.components.headers.Sunset.schema.const);
  const since = spec.paths['/pets/{petId}'].get['x-deprecated-since'];
  expect(DEPRECATION).toBe(`@${Date.parse(`${since}T00:00:00Z`) / 1000}`);
});

it('converts query strings with care: no float, exponent, hex or blank limit passes', () => {
  for (const raw of ['1.0', '1e1', '0x10', '', ' 1', '+1', '١']) {
    expect(
      rejects(() => parseLimit(raw)),
      raw,
    ).toContain('limit must be an integer');
  }
});

it('reads petIds above 2^53 as exact bigints and rejects beyond int64', () => {
  expect(parsePetId('9007199254740993')).toBe(9007199254740993n);
  expect(parsePetId('9007199254740991')).toBe(9007199254740991);
  expect(parsePetId('9223372036854775807')).toBe(2n ** 63n - 1n);
  expect(rejects(() => parsePetId('9223372036854775808'))).toBe(
    'petId must be a positive integer within int64, got "9223372036854775808"',
  );
});
