/**
 * FastAPI 0.92 under uvicorn (Debian's packages, the system Python): its first pass fails
 * for the rules it really breaks, and the finished service passes three runs in a row with
 * the cores busy, its lenient `petId: int` and 1 s idle keep-alive included.
 */
import { expect, it } from 'vitest';
import { describeRun, ruleIds } from './contract-run.ts';
import { expectAllPassed, expectCountsAgree, runBusy, runOnce } from './verdicts.ts';

it('fails the first pass with FastAPI defaults for the rules it breaks', async () => {
  const run = await runOnce('fastapi-first-pass');
  expect(run.json.verdict, describeRun(run)).toBe('failed');
  expect(run.code).toBe(1);
  expectCountsAgree(run);
  expect(ruleIds(run)).toEqual(
    expect.arrayContaining([
      // {"detail": ...} bodies (HTTPBearer's 403 "Not authenticated", the 422 of invalid
      // input, the 404) are not the interface's Error object: code, message, status.
      'error-shape',
      // Pet.status is Optional, so a pet created without status comes back "status": null,
      // which is not one of available, pending, sold.
      'pet-status',
    ]),
  );
  const followers = run.json.findings.flatMap((f) => (f.followedBy ?? []).map((g) => g.rule));
  // Folded under error-shape: 403 (not 401) without a header, 422 (not 400) for bad bodies.
  expect(followers).toEqual(expect.arrayContaining(['auth-401', 'create-400']));
}, 300_000);

it('passes the finished FastAPI service three runs in a row with the cores busy', async () => {
  expectAllPassed(await runBusy('fastapi-conforming', 3));
}, 600_000);

it('passes the finished FastAPI service that limits names to 20 characters', async () => {
  const run = await runOnce('fastapi-name-20');
  expectAllPassed([run]);
}, 300_000);
