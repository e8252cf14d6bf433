/**
 * Express 5 under Node: its first pass fails for the rules it really breaks, and the finished
 * service passes three runs in a row with the cores busy, its `Number(req.params.petId)` and
 * 1 s idle keep-alive included.
 */
import { expect, it } from 'vitest';
import { failedFor } from './contract-run.ts';
import { conformingServiceTests, expectFirstPassFails } from './verdicts.ts';

it('fails the first pass with Express defaults for the rules it breaks', async () => {
  const run = await expectFirstPassFails('express-first-pass', [
    // Its errors are text/html (res.send('Unauthorized'), the default pages), not JSON.
    'json',
    // Whatever JSON type is sent is stored: {"name": 42} comes back with a number as name.
    'pet-shape',
    // Nor is status checked: "" or "lost" is stored and returned.
    'pet-status',
    // Hence 201 where the interface asks 400 for invalid values.
    'create-400',
    // limit=-1 is slice(0, -1): every pet but the last, more than 100 of them.
    'page-size-max',
    // categoryId 2^53+1 is stored as 2^53: a JavaScript number is not an int64.
    'created-echoes',
    // express.json() leaves req.body undefined for no body or text/plain: reading
    // req.body.name throws, and the default handler answers an HTML 500.
    'create-responses',
  ]);
  expect(failedFor(run, 'create-responses')).toEqual(
    expect.arrayContaining([
      // Named apart from how the suite words its check (a refusal asked, or reading allowed).
      expect.stringMatching(/no body and no Content-Type$/),
      expect.stringMatching(/JSON labelled text\/plain$/),
    ]),
  );
}, 300_000);

conformingServiceTests('express', 'Express');
