/**
 * The files through which the suite (in vitest's worker) tells runContract what happened:
 * every exchange's status, every rule a check judged, and every failure in a structured
 * form, as JSON lines in one directory per run.
 */
import { appendFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RuleId } from '../../spec/checks/cited-rules.ts';

/** What each file of the log holds. */
export type LogRecords = {
  /** `throttled`: how many 429 answers came first (each sent again after its Retry-After). */
  exchanges: { operation: string; method: string; status: number; throttled?: number };
  rules: { rule: RuleId };
  failures: FailureRecord;
  /** A request sent again on a new connection: the server had closed the idle one it went out on. */
  resent: { method: string; url: string };
  /** The limit the run's names were fitted to (harness/names.ts), when the server took less than the longest. */
  names: { limit: number; prefix: string; learned: boolean; declared?: boolean };
  /** The server answered 429 or 503 again and again (client/http.ts ThrottledOut): no verdict, the run stops. */
  throttledOut: { message: string };
  /**
   * The server stopped answering or hangs, or (`unreadable`) answered past a bound of the
   * reader or under an untrusted certificate (client/server-watch.ts): when, at which request, why.
   */
  serverGone: { at: string; request: string; why: string; unreadable?: boolean };
  /** The run's --timeout passed: no request was sent after it. */
  timeUp: { message: string };
  /** The server shed load (429, 503) at the bound: the run went on with one request in flight fewer. */
  shed: { status: number; from: number; to: number };
  /** A POST answered 2xx: what it stored, its id as text (null when the answer had none). */
  created: CreatedRecord;
};

/** An animal the run stored on the server. */
export type CreatedRecord = {
  id: string | null;
  name: string | null;
  httpStatus: number;
  /** The suite file whose request stored it. */
  theme?: string | null;
};

/** One failed check, as the grouped summary and JUnit need it. */
export type FailureRecord = {
  /** The full name of the test that ran the check. */
  test: string;
  /** Which exchange of the run showed it: failures of one exchange share the number. */
  exchange?: number;
  /** How ordinary its request is (0: a plain request of a plain file); a finding shows its plainest case. */
  plainness?: number;
  rule: RuleId;
  title: string;
  /** `Received: …\nExpected: …` */
  message: string;
  request: string[];
  response: string[];
  curl: string;
  /** What else to know, e.g. how to replay a generated case. */
  note?: string;
};

/** Appends one record to a log file of the run (nothing without a log directory). */
export function appendRecord<K extends keyof LogRecords>(
  dir: string | undefined,
  kind: K,
  record: LogRecords[K],
): void {
  if (dir) appendFileSync(join(dir, `${kind}.jsonl`), `${JSON.stringify(record)}\n`);
}

/** Reads the records of one log file (none when the suite wrote none). */
export async function readRecords<K extends keyof LogRecords>(
  dir: string,
  kind: K,
): Promise<LogRecords[K][]> {
  const text = await readFile(join(dir, `${kind}.jsonl`), 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as LogRecords[K]);
}
