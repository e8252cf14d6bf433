/**
 * Fastify 5 under Node: its first pass (JSON schemas under Fastify's default Ajv, its own
 * error bodies) fails for the rules it really breaks, and the finished service passes three
 * runs in a row with the cores busy, keeping Fastify's coerced query and petId, its
 * content-type parsers and its dropping of unknown body fields.
 */
import { expect, it } from 'vitest';
import { failedFor } from './contract-run.ts';
import { conformingServiceTests, expectFirstPassFails } from './verdicts.ts';

it('fails the first pass with Fastify defaults for the rules it breaks', async () => {
  const run = await expectFirstPassFails('fastify-first-pass', [
    // Fastify's errors are { statusCode, code, error, message } and its own 401 body
    // { error: 'Unauthorized' }: no Error object (code, message, status).
    'error-shape',
    // Ajv's default coerceTypes turns {"name": 42} into "42", null into "" and
    // {"categoryId": "5"} into 5, and stores them: 201 where the interface asks 400.
    'create-400',
    // categoryId 2^53+1 comes back 2^53 (JSON.parse). (Bytes that are not UTF-8 stored as
    // U+FFFD, as Fastify decodes a body, fail only --level strict: a JSON parser may read them.)
    'created-echoes',
    // Ajv coerces limit=1E400 to Infinity, which passes `type: integer` and skips
    // `maximum: 100` (checked for finite numbers only): every pet on one page.
    'page-size-max',
    // { id: pets.size + 1, ...request.body } lets a client-sent id win.
    'id-assigned',
  ]);
  expect(failedFor(run, 'create-400')).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/name: a number: refused with 400, nothing stored$/),
      expect.stringMatching(/categoryId: a number as a string: refused with 400, nothing stored$/),
    ]),
  );
  expect(failedFor(run, 'page-size-max')).toEqual(
    expect.arrayContaining([expect.stringMatching(/limit="1E400"/)]),
  );
}, 300_000);

conformingServiceTests('fastify', 'Fastify');
