/**
 * A run that stopped without a verdict part way (the server stopped answering or hangs, it
 * kept shedding load, or --timeout passed): why, when and at which request, and its cases as
 * reported so far. What failed before it stopped is not judged (a restart or a dying server
 * explains it as well), and one case says why the rest did not run.
 */
import type { CaseOutcome } from '../report/junit-report.ts';
import { readRecords } from './run-log.ts';

/** Why a run stopped without a verdict. */
export type RunStop = {
  /** What stopped it. */
  kind: 'server-gone' | 'unreadable' | 'throttled' | 'time-up';
  /** In one line: what happened, when and at which request, and what to do. */
  reason: string;
  /** With `server-gone` or `unreadable`: when (ISO time) and at which request the server was found gone. */
  at?: string;
  request?: string;
};

/** The stop the suite recorded in the run's log, if any (the first kind found, in this order). */
export async function runStop(logDir: string): Promise<RunStop | undefined> {
  const [gone] = await readRecords(logDir, 'serverGone');
  if (gone?.unreadable)
    return {
      kind: 'unreadable',
      at: gone.at,
      request: gone.request,
      reason: `the server ${gone.why}, at ${gone.at}, to ${gone.request}; the suite stopped there. No verdict: nothing the interface states bounds that answer, and a reader must stop somewhere`,
    };
  if (gone)
    return {
      kind: 'server-gone',
      at: gone.at,
      request: gone.request,
      reason: `the server stopped answering at ${gone.at}, at ${gone.request}: ${gone.why}; the suite stopped there. No verdict: run again when the server is up`,
    };
  const [throttled] = await readRecords(logDir, 'throttledOut');
  if (throttled)
    return {
      kind: 'throttled',
      reason: `${throttled.message}; the suite stopped there. No verdict: run again when the server takes the traffic (a lower --concurrency, or a higher limit for the key)`,
    };
  const [timeUp] = await readRecords(logDir, 'timeUp');
  if (timeUp)
    return {
      kind: 'time-up',
      reason: `the run did not finish within its --timeout (${timeUp.message}); no verdict on what it did not reach`,
    };
  return undefined;
}

/** The cases of a stopped run: failures become "not judged", and one case says why it stopped. */
export function stoppedOutcomes(outcomes: readonly CaseOutcome[], stop: RunStop): CaseOutcome[] {
  return [
    ...outcomes.map(
      (c): CaseOutcome =>
        c.state === 'failed' ? { ...c, state: 'error', failure: `not judged: ${stop.reason}` } : c,
    ),
    { file: 'run', name: 'the run stopped', state: 'error', durationMs: 0, failure: stop.reason },
  ];
}
