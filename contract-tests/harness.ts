/**
 * What every suite file shares: the options, a client that logs each exchange for the
 * coverage table, the spec at the chosen level, and `verify`, which reports every
 * failed check of one exchange with expect.soft.
 */
import { appendFileSync } from 'node:fs';
import { expect } from 'vitest';
import { type Check, everyResponseChecks, statusDocumented, statusIn } from './checks.ts';
import { type Client, createClient, type Exchange } from './http.ts';
import { suiteOptions } from './options.ts';
import { renderFailure } from './report.ts';
import { loadContractSpec } from './spec-model.ts';
import type { StatementId } from './statements.ts';

declare module 'vitest' {
  interface Assertion<T> {
    /** Passes when the check finds nothing wrong with the exchange. */
    toPassCheck(check: Check): T;
  }
}

expect.extend({
  toPassCheck(exchange: Exchange, check: Check) {
    const failure = check(exchange);
    return {
      pass: failure === undefined,
      message: () => (failure ? renderFailure(failure, exchange) : 'expected the check to fail'),
    };
  },
});

/** With --read-only, refuses any request but GET before it leaves (a safety net for production). */
function guardReadOnly(inner: Client): Client {
  if (!options.readOnly) return inner;
  return {
    baseUrl: inner.baseUrl,
    send: (request) =>
      request.method === 'GET'
        ? inner.send(request)
        : Promise.reject(
            new Error(`read-only run: refusing to send ${request.method} ${request.path}`),
          ),
  };
}

/** The options of this run, provided by runContract. */
export const options = suiteOptions();
/** The spec at this run's level. */
export const spec = loadContractSpec(options.level);
/** The client every suite file uses. */
export const client = guardReadOnly(
  createClient(options.baseUrl, (exchange) => {
    if (options.logFile)
      appendFileSync(
        options.logFile,
        `${JSON.stringify({ operation: exchange.request.operation, method: exchange.request.method, status: exchange.response.status })}\n`,
      );
  }),
);

const common = everyResponseChecks(spec);

/** Runs the checks every response must pass (status documented), then the given ones, softly. */
export function verify(exchange: Exchange, ...checks: Check[]): boolean {
  return verifyAll(exchange, [...common, statusDocumented(spec), ...checks]);
}

/**
 * For requests in a gap of the interface: the status must be one of `allowed` (e.g. 400
 * or 404 for petId "abc") instead of a documented one; the other checks still apply.
 */
export function verifyAllowing(
  exchange: Exchange,
  allowed: readonly number[],
  statement: StatementId,
  why: string,
  ...checks: Check[]
): boolean {
  return verifyAll(exchange, [...common, statusIn(allowed, statement, why), ...checks]);
}

function verifyAll(exchange: Exchange, checks: Check[]): boolean {
  let passed = true;
  for (const check of checks) {
    if (check(exchange) !== undefined) passed = false;
    expect.soft(exchange).toPassCheck(check);
  }
  return passed;
}

/** Runs checks that must pass for the test to go on (e.g. a creation it builds on). */
export function verifyOrStop(exchange: Exchange, ...checks: Check[]): void {
  for (const check of [...common, statusDocumented(spec), ...checks])
    expect(exchange).toPassCheck(check);
}

/**
 * For generated cases: throws one error listing every failed check (so fast-check can
 * shrink the case) instead of recording soft failures for every attempt.
 */
export function assertConforms(exchange: Exchange, ...checks: Check[]): void {
  const failures = [...common, statusDocumented(spec), ...checks].flatMap((check) => {
    const failure = check(exchange);
    return failure ? [renderFailure(failure, exchange)] : [];
  });
  if (failures.length > 0) throw new Error(failures.join('\n\n'));
}

let counter = 0;
/** A name unique to this run, so the suite only ever relies on pets it made. */
export const uniqueName = (tag: string) => `${options.runId}-${tag}-${(counter++).toString(36)}`;
