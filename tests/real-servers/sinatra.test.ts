/**
 * Sinatra 3 on WEBrick (Debian's ruby-sinatra and ruby-webrick): its first pass, run as
 * Sinatra's README runs it, fails for the rules it really breaks, and the finished service
 * (APP_ENV=production) passes three runs in a row with the cores busy, keeping Ruby's ways
 * where the interface is silent: the body read as JSON whatever its Content-Type, `to_i`
 * for limit, `Integer()` for petId.
 */
import { expect, it } from 'vitest';
import { failedFor } from './contract-run.ts';
import { conformingServiceTests, expectFirstPassFails } from './verdicts.ts';

it('fails the first pass with Sinatra defaults for the rules it breaks', async () => {
  const run = await expectFirstPassFails('sinatra-first-pass', [
    // `content_type :json` for every route, then halt 401, 'Unauthorized': text labelled
    // application/json is not JSON; Sinatra's 404 and 500 pages are HTML.
    'json',
    // Whatever JSON type is sent is stored: {"name": 42} comes back with a number as name.
    'pet-shape',
    // Nor is status checked: "" or "lost" is stored and returned.
    'pet-status',
    // Hence 201 where the interface asks 400 for invalid values.
    'create-400',
    // JSON.parse raises on malformed JSON or no body, and Sinatra answers its HTML 500.
    'create-responses',
    // found.first(limit) raises for a negative limit: an HTML 500 for a list.
    'list-responses',
    // "1.5".to_i is 1: the animal 1 for a petId that names no animal.
    'get-found',
  ]);
  expect(failedFor(run, 'create-responses')).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/for malformed JSON$/),
      expect.stringMatching(/for no body and no Content-Type$/),
    ]),
  );
  expect(failedFor(run, 'list-responses')).toEqual(
    expect.arrayContaining([expect.stringMatching(/limit="-9223372036854775809"/)]),
  );
  expect(failedFor(run, 'get-found')).toEqual(
    expect.arrayContaining([expect.stringMatching(/petId="1\.5" \(a fraction\)/)]),
  );
}, 300_000);

// Reads a JSON body whatever its Content-Type, as Sinatra code does: the interface says what a
// body is (JSON), not what a server does with one under another label. A check that refuses
// JSON labelled text/plain fails this service, and the check is wrong, not the service.
conformingServiceTests('sinatra', 'Sinatra');
