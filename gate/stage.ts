/** The shape every gate stage reports in: a verdict, what it tried, and its JUnit cases. */

/** The four stages, in the order the gate runs them. */
export type StageName = 'lint' | 'contract' | 'prism' | 'dredd';

/** Every stage name, in running order. */
export const stageNames: readonly StageName[] = ['lint', 'contract', 'prism', 'dredd'];

/** How a stage ended. */
export type StageStatus = 'passed' | 'failed' | 'skipped';

/** One JUnit test case: passed unless it carries a failure or a skip reason. */
export type JUnitCase = { name: string; className: string; failure?: string; skipped?: string };

/** What one stage tried and found. */
export type StageResult = {
  stage: StageName;
  status: StageStatus;
  /** One line: what was checked and the verdict, e.g. `24 transactions: 21 passed, 3 skipped`. */
  summary: string;
  /** What failed and why, or notes (skipped checks and the reason). */
  details: string[];
  durationMs: number;
  /** The stage's JUnit report, written by the gate (undefined when the tool writes its own). */
  cases?: JUnitCase[];
  /** A JUnit file the tool wrote itself, copied into the JUnit directory. */
  junitFile?: string;
  /** How many animals the stage may have left on the server (its POSTs answered 2xx, or sent). */
  created?: number;
  /** Checks left out by this run's own bounds (`--max-creates`): the verdict is "as far as tested". */
  untested?: string[];
};
