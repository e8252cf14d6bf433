/**
 * What every suite file shares: the options, a client that logs each exchange, the spec at
 * the chosen level, and `verify`, which runs the checks of one exchange, reports each
 * failure with expect.soft and records it (with the rules judged) for the grouped summary.
 */
import { expect } from 'vitest';
import {
  type Check,
  type Failure,
  fail,
  failuresOf,
  type RuleId,
} from '../../spec/checks/check.ts';
import { isStatusCheck, statusDocumented, statusIn } from '../../spec/checks/checks.ts';
import { citedRule as ruleById } from '../../spec/checks/cited-rules.ts';
import { commonChecks } from '../../spec/checks/common-checks.ts';
import { judgeInOrder } from '../../spec/checks/judging.ts';
import { plainness } from '../../spec/checks/plainness.ts';
import {
  isServerErrorCheck,
  notServerError,
  RESPONSES_RULE,
} from '../../spec/checks/status-checks.ts';
import type { Client, Exchange, Request } from '../client/http.ts';
import { TransportFault } from '../client/wire.ts';
import { curlCommand } from '../report/curl.ts';
import { describeRequest, describeResponse, renderFailure } from '../report/report.ts';
import { appendRecord } from '../run/run-log.ts';
import { noteKeyed } from './keyed-forms.ts';
import { anyRefused, noteCreation, refusedNotStored } from './refused.ts';
import {
  asSent,
  currentTheme,
  client as guardedClient,
  onServerError,
  options,
  spec,
} from './run-context.ts';
import { testExpect } from './test-scope.ts';

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

export { options, spec } from './run-context.ts';

const cited = new Set<RuleId>();

/** Notes that a check judged these rules (for the count of rules checked). */
export function cite(rules: readonly RuleId[]): void {
  for (const rule of rules) {
    if (cited.has(rule)) continue;
    cited.add(rule);
    appendRecord(options.logDir, 'rules', { rule });
  }
}

const exchangeIds = new WeakMap<Exchange, number>();
let exchanges = 0;
/** A number per exchange of the run, so that the summary knows which failures one answer showed. */
function exchangeId(exchange: Exchange): number {
  const known = exchangeIds.get(exchange);
  if (known !== undefined) return known;
  exchanges += 1;
  exchangeIds.set(exchange, exchanges);
  return exchanges;
}

/** The rules about the key itself: their simplest case is a request without it. */
const KEY_RULES = new Set<string>([
  'auth-401',
  'auth-required',
  'www-authenticate',
  'scheme-case',
  'auth-first',
]);
/** Suite files of unusual values and forms: their cases are the last choice of an example. */
const CATALOGUES = new Set([
  'accept-or-reject',
  'parameters',
  'model',
  'real-clients',
  'request-forms',
  'server-owned',
]);

/** How plain a failure's case is (0 plainest): the example of a finding is its plainest, then shortest. */
const plainnessOf = (failure: Failure, exchange: Exchange): number =>
  plainness(exchange.request, spec.validator, options.apiKey, KEY_RULES.has(failure.rule)) +
  (CATALOGUES.has(currentTheme() ?? '') ? 2 : 0);

/** Records a failure for the grouped summary. */
export function recordFailure(failure: Failure, exchange: Exchange, note?: string): void {
  appendRecord(options.logDir, 'failures', {
    exchange: exchangeId(exchange),
    plainness: plainnessOf(failure, exchange),
    // Outside a test (a beforeAll), named as the reporter names the file's set-up.
    test:
      testExpect()?.getState().currentTestName ?? `${fileOf(expect.getState().testPath)} (set-up)`,
    ...failure,
    request: describeRequest(exchange),
    response: describeResponse(exchange),
    curl: curlCommand(exchange.request, exchange.url),
    note,
  });
}

const fileOf = (path: string | undefined) =>
  (path ?? 'the suite').replace(/^.*\//, '').replace(/\.contract\.ts$/, '');

/**
 * The exchange of a request the server did not answer whole: what came (a status and
 * headers, or nothing) and the fault, for the finding that reports it.
 */
function faultExchange(request: Request, fault: TransportFault): Exchange {
  return {
    request,
    url: `${guardedClient.baseUrl}${request.path}`,
    response: {
      status: fault.partial?.status ?? 0,
      headers: fault.partial?.headers ?? {},
      text: '',
      json: undefined,
      isJson: false,
      fault: fault.detail,
    },
  };
}

/**
 * The client every suite file sends through. A request the server does not answer whole (a
 * connection dropped or reset, an answer cut short or undecodable) is a finding of the
 * `transport` rule, with the request and a curl, and ends the check that sent it.
 */
export const client: Client = {
  baseUrl: guardedClient.baseUrl,
  async send(request) {
    try {
      const exchange = await guardedClient.send(request);
      noteCreation(exchange);
      noteKeyed(request, exchange);
      return exchange;
    } catch (error) {
      if (!(error instanceof TransportFault)) throw error;
      const exchange = faultExchange(asSent(request), error);
      report(exchange, [fail('transport', error.title, error.detail, 'one whole HTTP answer')]);
      throw new StopError(`${request.method} ${request.path}: ${error.message}`);
    }
  },
};

/** Exchanges answered 5xx, reported as they arrived (below); judge does not report them again. */
const serverErrors = new WeakSet<Exchange>();
onServerError((exchange) => {
  serverErrors.add(exchange);
  report(
    exchange,
    failuresOf(notServerError(RESPONSES_RULE[exchange.request.operation]), exchange),
  );
});

/** Reads that can show an animal: each must show none a refused creation carried (refused.ts). */
const READS = new Set(['listPets', 'getPet']);

const withCommon = (exchange: Exchange, checks: Check[]) => [
  ...commonChecks(spec, exchange.request.operation, options.apiKey),
  ...(READS.has(exchange.request.operation) && anyRefused() ? [refusedNotStored] : []),
  ...checks,
];

/**
 * The failures of the checks on one exchange, every judged rule cited, in the order and with
 * the precedence the mock's proxy judges by too (spec/checks/judging.ts).
 */
export function judge(exchange: Exchange, checks: Check[]): Failure[] {
  // The answer arrived whole (client.send reports it otherwise).
  cite(['transport']);
  return judgeInOrder(exchange, withCommon(exchange, checks), {
    off: switchedOff,
    visit: (check) => {
      cite(check.rules);
      // Reported when it arrived: the status is explained, and said once.
      return isServerErrorCheck(check) && serverErrors.has(exchange);
    },
  });
}

/**
 * Runs the checks every response must pass, then the given ones, softly. The status must be
 * documented, unless a given check names the statuses allowed (it then says it alone).
 */
export function verify(exchange: Exchange, ...checks: Check[]): boolean {
  return verifyAll(exchange, withStatus(exchange, checks)).length === 0;
}

const withStatus = (exchange: Exchange, checks: Check[]) => {
  const { operation } = exchange.request;
  const named = operation === 'other' || checks.some(isStatusCheck);
  return [...(named ? [] : [statusDocumented(spec, operation)]), ...checks];
};

/**
 * For requests in a gap of the interface: the status must be one of `allowed` (e.g. 400
 * or 404 for petId "abc") instead of a documented one; the other checks still apply.
 */
export function verifyAllowing(
  exchange: Exchange,
  allowed: readonly number[],
  rule: RuleId,
  why: string,
  ...checks: Check[]
): boolean {
  return verifyAll(exchange, [statusIn(allowed, rule, why), ...checks]).length === 0;
}

/** Rules the profile switches off: judged, never reported. */
const switchedOff = new Set<string>(options.profile.off ?? []);

/**
 * Runs checks over what several exchanges showed together (a walk of a list), citing
 * `exchange` (the last of them) in a failure; the per-response checks, judged when each
 * exchange came, are not run again.
 */
export function verifyTogether(exchange: Exchange, ...checks: Check[]): boolean {
  const failures: Failure[] = [];
  for (const check of checks) {
    cite(check.rules);
    failures.push(...failuresOf(check, exchange).filter((f) => !switchedOff.has(f.rule)));
  }
  return report(exchange, failures).length === 0;
}

function verifyAll(exchange: Exchange, checks: Check[]): Failure[] {
  return report(exchange, judge(exchange, checks));
}

function report(exchange: Exchange, failures: Failure[]): Failure[] {
  // In a set-up hook there is no test to fail softly: the records and the StopError report it.
  const testOwn = testExpect();
  for (const failure of failures) {
    recordFailure(failure, exchange);
    testOwn?.soft(exchange).toPassCheck(Object.assign(() => failure, { rules: [failure.rule] }));
  }
  return failures;
}

/**
 * Runs the checks of a request the test builds on (e.g. a creation) and stops the test when
 * it broke a rule of the interface. A broken decision (strict level) is reported and the test
 * goes on: the pet is still usable, and the checks after it may find more.
 */
export function verifyOrStop(exchange: Exchange, ...checks: Check[]): void {
  const failures = verifyAll(exchange, withStatus(exchange, checks));
  if (failures.some((failure) => ruleById(failure.rule).level === 'interface'))
    throw new StopError('a request this test builds on failed');
}

/** Ends a test whose failures were already reported. */
export class StopError extends Error {
  override name = 'StopError';
}
