/**
 * Go 1.19's net/http, standard library only: its first pass fails for the rules it really
 * breaks, the finished service passes three runs in a row with the cores busy (its
 * strconv.ParseInt petId and 1 s IdleTimeout included), and a handler that panics on an
 * empty bearer token is reported as a transport fault with a curl command.
 */
import { expect, it } from 'vitest';
import { describeRun, failedFor } from './contract-run.ts';
import {
  conformingServiceTests,
  expectCountsAgree,
  expectFirstPassFails,
  runOnce,
} from './verdicts.ts';

it('fails the first pass with net/http defaults for the rules it breaks', async () => {
  const run = await expectFirstPassFails('go-first-pass', [
    // http.Error answers text/plain, so no error is JSON (error-shape folds under it).
    'json',
    // Status is decoded without a check: "lost" is stored and returned.
    'pet-status',
    // A missing categoryId decodes as 0 and is stored: 201 where 400 is due.
    'create-400',
  ]);
  // encoding/json matches members ignoring case ({"NAME": …} is a name): stored where 400 is
  // due. (It also reads bytes that are not UTF-8 as U+FFFD, which fails only --level strict.)
  expect(failedFor(run, 'create-400')).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/for member NAME \(upper case\) for name$/),
      expect.stringMatching(/for member categoryid \(lower case\) for categoryId$/),
    ]),
  );
}, 300_000);

// Reads a JSON body whatever its Content-Type, as net/http code does: the interface says what a
// body is (JSON), not what a server does with one under another label. A check that refuses
// JSON labelled text/plain fails this service, and the check is wrong, not the service.
conformingServiceTests('go', 'Go');

it('reports a handler that panics on an empty bearer token as a transport fault', async () => {
  const run = await runOnce('go-panic-empty-token');
  expect(run.json.verdict, describeRun(run)).toBe('failed');
  expect(run.code).toBe(1);
  const transport = run.json.findings.find((finding) => finding.rule === 'transport');
  expect(transport, describeRun(run)).toBeDefined();
  expect(transport?.example.curl).toMatch(/^curl .*authorization: bearer/i);
  expectCountsAgree(run);
}, 300_000);
