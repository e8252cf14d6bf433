/** The shape every gate stage reports in: a verdict, what it tried, its findings and JUnit cases. */
import type { ServerGone } from './relay-types.ts';
import type { TrafficCoverage } from './traffic-types.ts';

/** The stages: the four every run has, and `traffic`, which runs only with `--e2e CMD`. */
export type StageName = 'lint' | 'contract' | 'prism' | 'dredd' | 'traffic';

/** The four stages every run has, in running order (`traffic` follows them, with --e2e). */
export const stageNames = [
  'lint',
  'contract',
  'prism',
  'dredd',
] as const satisfies readonly StageName[];

/**
 * How a stage ended: `passed` (conformant as far as it checked), `failed` (a finding that
 * reproduces), `no-verdict` (it could not judge: the server went away, hung, shed load, a
 * tool broke or time ran out) or `skipped` (not asked for).
 */
export type StageStatus = 'passed' | 'failed' | 'no-verdict' | 'skipped';

/**
 * One JUnit test case: passed unless it carries a failure (a finding), an error (no
 * verdict: why it could not be judged) or a skip reason.
 */
export type JUnitCase = {
  name: string;
  className: string;
  failure?: string;
  error?: string;
  skipped?: string;
  /** The one-line message of a failure or error (default: its first line). */
  message?: string;
  durationMs?: number;
};

/**
 * One finding of a stage, as a person fixing the server needs it: what is wrong, the rule
 * when one is named, the request that shows it, the response and a curl that replays it.
 */
export type GateFinding = {
  stage: StageName;
  /** One line: what is wrong. */
  title: string;
  /** The rule id of the spec (contract stage), when the finding names one. */
  rule?: string;
  /** What was seen and expected, one line each. */
  detail: string[];
  request: string[];
  response: string[];
  curl?: string;
  /** Where the finding points in a file (a line of a backend's OpenAPI document). */
  file?: { path: string; line?: number };
  /** Where the spec states what was broken (`#/paths/~1pets/get/responses/200`). */
  specPointer?: string;
};

export type { ServerGone } from './relay-types.ts';

/** What one stage tried and found. */
export type StageResult = {
  stage: StageName;
  status: StageStatus;
  /** One line: what was checked and the verdict, e.g. `24 transactions: 21 passed, 3 skipped`. */
  summary: string;
  /** Notes: skipped checks and why, requests not covered, what a tool printed on a breakdown. */
  details: string[];
  durationMs: number;
  /** Every finding, one per cause (empty unless `failed`, or seen before the server went away). */
  findings: GateFinding[];
  /** The findings as the stage's own tool prints them (the contract suite's grouped summary). */
  findingsText?: string;
  /** Why the stage could not judge (with `no-verdict`). */
  noVerdict?: string;
  /** Set when the server stopped answering, hung or shed load until the stage gave up. */
  serverGone?: ServerGone;
  /** The stage's JUnit cases (the gate writes its report from them). */
  cases?: JUnitCase[];
  /** A JUnit file the stage's runner wrote itself, copied into the JUnit directory. */
  junitFile?: string;
  /** How many animals the stage may have left on the server (its POSTs answered 2xx). */
  created?: number;
  /** The ids of the animals it left, as text (int64 stays exact), where the answers said. */
  createdIds?: string[];
  /** Checks left out by this run's own bounds (--max-creates, --read-only): "as far as tested". */
  untested?: string[];
  /** The traffic stage: the app's departures, reported apart from the server's findings. */
  appFindings?: GateFinding[];
  /** The traffic stage: whether the app's departures fail it (--e2e-client strict). */
  appFindingsFail?: boolean;
  /** The traffic stage: what the app's traffic covered, operation by operation. */
  coverage?: TrafficCoverage;
};

/** A stage that did not run, with the reason, as a result with one case saying so. */
export function notRunStage(
  stage: StageName,
  status: 'skipped' | 'no-verdict',
  why: string,
): StageResult {
  return {
    stage,
    status,
    summary: why,
    details: [],
    durationMs: 0,
    findings: [],
    ...(status === 'no-verdict' ? { noVerdict: why } : {}),
    cases: [
      {
        name: `${stage} stage`,
        className: stage,
        ...(status === 'skipped' ? { skipped: why } : { error: why }),
      },
    ],
  };
}
