import { expect, it } from 'vitest';
import {
  BASE_PATH,
  DEFAULT_STATUS,
  DEPRECATION,
  LIMIT,
  MAX_BODY_BYTES,
  PET_STATUSES,
  RESPONSE_HEADERS,
  SUNSET,
} from './constants.ts';
import { openapiDocument, required } from './document.ts';
import { ruleById } from './rules.ts';

it('reads the base path, limits and statuses from the spec', () => {
  expect(BASE_PATH).toBe('/v1');
  expect(LIMIT).toEqual({ min: 1, max: 100, default: 20 });
  expect(PET_STATUSES).toEqual(['available', 'pending', 'sold']);
});

it('dates the deprecation and the sunset as the spec records them', () => {
  expect(DEPRECATION).toMatch(/^@\d+$/);
  expect(SUNSET).toBe('Thu, 05 Dec 2030 00:00:00 GMT');
});

it('states the same body limit as the PayloadTooLarge response it answers', () => {
  const tooLarge = required(openapiDocument, '/components/responses/PayloadTooLarge');
  expect(MAX_BODY_BYTES).toBe(64 * 1024);
  expect(String(tooLarge.description)).toContain('64 KiB');
  expect(JSON.stringify(tooLarge)).toContain(`at most ${MAX_BODY_BYTES} bytes`);
});

it('gives a new animal the default status the default-status decision states', () => {
  expect(ruleById('default-status').text).toContain(`status: ${DEFAULT_STATUS}`);
  expect(PET_STATUSES).toContain(DEFAULT_STATUS);
});

it('exposes to other origins exactly the response headers the cors decision lists', () => {
  expect(RESPONSE_HEADERS).toEqual(
    expect.arrayContaining(['Link', 'Location', 'WWW-Authenticate', 'Allow', 'Retry-After']),
  );
  expect(ruleById('cors').text).toContain(`(\`${RESPONSE_HEADERS.join(', ')}\`)`);
});
