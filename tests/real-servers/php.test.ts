/**
 * PHP 8.2's built-in server (Debian's php-cli), one front controller and no framework: its
 * first pass fails for the rules it really breaks, and the finished service passes three runs
 * in a row with the cores busy, keeping PHP's ways where the interface is silent: the body
 * read as JSON whatever its Content-Type, filter_var(FILTER_VALIDATE_INT) for limit and petId.
 */
import { expect, it } from 'vitest';
import { failedFor } from './contract-run.ts';
import { conformingServiceTests, expectFirstPassFails } from './verdicts.ts';

it('fails the first pass with PHP defaults for the rules it breaks', async () => {
  const run = await expectFirstPassFails('php-first-pass', [
    // `echo 'Unauthorized'` goes out under PHP's default Content-Type, text/html.
    'json',
    // Whatever JSON type is sent is stored: {"name": 42} comes back with a number as name.
    'pet-shape',
    // Nor is status checked: "" or "lost" is stored and returned.
    'pet-status',
    // Hence 201 where the interface asks 400; categoryId 1E400 is decoded as INF, which
    // json_encode cannot write: 201 with an empty body.
    'create-400',
    // (int) "101" is 101 and array_slice($found, 0, -1) all but the last: over 100 pets.
    'page-size-max',
    // The same json_encode failure wrote an empty data file: every pet created before it is
    // gone (404), and ids count from 1 again.
    'get-found',
  ]);
  expect(failedFor(run, 'create-400')).toEqual(
    expect.arrayContaining([expect.stringMatching(/categoryId: a number beyond any integer type/)]),
  );
  expect(failedFor(run, 'page-size-max')).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/limit="101"/),
      expect.stringMatching(/limit="-1"/),
    ]),
  );
}, 300_000);

// Reads a JSON body whatever its Content-Type, as PHP code does: the interface says what a
// body is (JSON), not what a server does with one under another label. A check that refuses
// JSON labelled text/plain fails this service, and the check is wrong, not the service.
conformingServiceTests('php', 'PHP');
