/**
 * The vitest reporter of a contract run: one line per suite file while it runs, and the
 * outcome of every check for the JUnit file (written by runContract, so that a failed write
 * fails the run). It prints the suite's own failure messages only, never a code frame or a
 * stack trace; the grouped summary comes after it (summary.ts).
 */
import { basename } from 'node:path';
import type { Reporter, TestCase, TestModule } from 'vitest/node';
import { GATE_NOTES, gateOf } from './gated.ts';
import type { CaseOutcome } from './junit-report.ts';

type ErrorLike = { name?: string; message?: string };

// Errors that end a check whose reason is said elsewhere: by the failures before them (a
// StopError), or as a skip (the creation budget of --max-creates, harness/budget.ts).
const QUIET = new Set(['StopError', 'CreateBudgetSpent']);

/** Whether errors only say that the creation budget ran out: a skip, not a failure. */
export const onlyBudgetSpent = (errors: readonly ErrorLike[]) =>
  errors.length > 0 && errors.every((e) => e.name === 'CreateBudgetSpent');

// Errors whose message says all: a check's failure, a stop after one, or a run that stopped
// without a verdict (the server gone, the time run out, load shed without end).
const SAID = new Set([
  'AssertionError',
  'ChecksFailed',
  'Error',
  'StopError',
  'ServerGone',
  'RunTimeUp',
  'ThrottledOut',
]);

/** The messages of a test's errors; a StopError only says something when it is alone. */
export function failureText(errors: readonly ErrorLike[]): string {
  const own = errors.filter((e) => !QUIET.has(e.name ?? ''));
  const shown = own.length > 0 ? own : errors;
  return shown
    .map((e) =>
      SAID.has(e.name ?? 'Error')
        ? (e.message ?? '')
        : `${e.name}: ${e.message ?? ''} (an unexpected error in the suite)`,
    )
    .join('\n\n');
}

const shortName = (moduleId: string) => basename(moduleId).replace(/\.contract\.ts$/, '');

/** Why errors of a set-up left its checks unrun: the budget, or the set-up's failure. */
function setUpNote(errors: readonly ErrorLike[], where: string): string | undefined {
  if (errors.length === 0) return undefined;
  if (onlyBudgetSpent(errors)) return errors[0]?.message;
  const own = errors.find((e) => !QUIET.has(e.name ?? '')) ?? errors[0];
  const why = (own?.message ?? '').split('\n')[0];
  return `not run: the set-up of ${where} failed${why ? ` (${why})` : ''}`;
}

/**
 * The note of a check skipped for no reason the reporter can name: only --read-only should
 * leave one (json-result.test.ts holds a writing run to none).
 */
export const OPTIONS_SKIP = 'not run with these options (--read-only skips what creates)';

/**
 * Why a test was skipped: its own note, its suite's set-up (out of creations, or failed),
 * or the option that leaves its suite out; never nothing.
 */
function skipNote(test: TestCase): string {
  const result = test.result();
  if (result.state === 'skipped' && result.note) return result.note;
  for (let suite = test.parent; suite.type === 'suite'; suite = suite.parent) {
    const note = setUpNote(suite.errors(), suite.name);
    if (note) return note;
  }
  const note = setUpNote(test.module.errors(), shortName(test.module.moduleId));
  if (note) return note;
  const gate = gateOf(test.fullName);
  return gate === undefined ? OPTIONS_SKIP : GATE_NOTES[gate];
}

function outcome(file: string, test: TestCase): CaseOutcome {
  const result = test.result();
  const errors = result.state === 'failed' ? result.errors : [];
  const budget = onlyBudgetSpent(errors);
  const state = budget
    ? 'skipped'
    : result.state === 'failed'
      ? 'failed'
      : result.state === 'passed'
        ? 'passed'
        : 'skipped';
  return {
    file,
    name: test.fullName,
    state,
    durationMs: test.diagnostic()?.duration ?? 0,
    failure: state === 'failed' ? failureText(errors) : undefined,
    note: budget ? errors[0]?.message : state === 'skipped' ? skipNote(test) : undefined,
  };
}

/** The outcome of every test of a suite file, plus one failed case for a hook or load error. */
export function outcomesOf(module: TestModule): CaseOutcome[] {
  const file = shortName(module.moduleId);
  const cases = [...module.children.allTests()].map((test) => outcome(file, test));
  // A set-up that ran out of creations (--max-creates) skipped its tests: no failure.
  const errors = [
    ...module.errors(),
    ...[...module.children.allSuites()].flatMap((s) => s.errors()),
  ].filter((e) => e.name !== 'CreateBudgetSpent');
  if (errors.length > 0)
    cases.push({
      file,
      name: `${file} (set-up)`,
      state: 'failed',
      durationMs: 0,
      failure: failureText(errors),
    });
  return cases;
}

/** A test's notes: its annotations, and those made once it had failed (test-scope.setup.ts). */
const notesOf = (test: TestCase): string[] => [
  ...test.annotations().map((a) => a.message),
  ...((test.meta() as { lateNotes?: string[] }).lateNotes ?? []),
];

/** What a file's line says when the run's options leave the whole file out. */
const GATE_LINES = {
  strict: "run with --level strict (this project's decisions)",
  declared: 'run for the choices a profile declares (--profile)',
} as const;

/** The option that left every check of a file out, if one did. */
function gatedOut(cases: readonly CaseOutcome[]): keyof typeof GATE_LINES | undefined {
  const notes = new Set(cases.map((c) => (c.state === 'skipped' ? c.note : undefined)));
  if (cases.length === 0 || notes.size !== 1) return undefined;
  const [note] = notes;
  return (Object.keys(GATE_NOTES) as (keyof typeof GATE_NOTES)[]).find(
    (gate) => GATE_NOTES[gate] === note,
  );
}

/**
 * Whether a line the reporter printed is a note or a skip under a file's line: what the run
 * could not judge, and why. The command prints them after the verdict, none of them a failure.
 */
export const isNoteLine = (line: string) => /^ {6}(note|skipped)\b/.test(line);

/** Prints a line per suite file and keeps the outcome of every check. */
export class ContractReporter implements Reporter {
  readonly outcomes: CaseOutcome[] = [];
  /** How long each suite file ran, by its short name (for JUnit suite times). */
  readonly fileMs = new Map<string, number>();
  readonly #print: (line: string) => void;

  constructor(print: (line: string) => void) {
    this.#print = print;
  }

  onTestModuleEnd(module: TestModule): void {
    const cases = outcomesOf(module);
    this.outcomes.push(...cases);
    const failed = cases.filter((c) => c.state === 'failed').length;
    const skipped = cases.filter((c) => c.state === 'skipped').length;
    const mark = failed > 0 ? '×' : skipped === cases.length ? '-' : '✓';
    const checks = `${cases.length} check${cases.length === 1 ? '' : 's'}`;
    this.fileMs.set(shortName(module.moduleId), module.diagnostic().duration);
    const seconds = (module.diagnostic().duration / 1000).toFixed(1);
    const name = shortName(module.moduleId).padEnd(22);
    // A file this run's options leave out says so on its line: not run, rather than skipped.
    const gate = gatedOut(cases);
    if (gate !== undefined) {
      this.#print(`  - ${name} ${checks}: ${GATE_LINES[gate]}`);
      return;
    }
    const counts = [
      checks,
      ...(failed > 0 ? [`${failed} failed`] : []),
      ...(skipped > 0 ? [`${skipped} skipped`] : []),
    ];
    this.#print(`  ${mark} ${name} ${counts.join(', ')} (${seconds} s)`);
    // A test skipped for a reason (ctx.skip(note), a spent budget) says why, never passing
    // silently; a reason shared by more than three tests is said once, with their number.
    const tests = [...module.children.allTests()];
    const notes = cases.map((c) => (c.state === 'skipped' ? c.note : undefined));
    const shared = new Map<string, number>();
    for (const note of notes) if (note) shared.set(note, (shared.get(note) ?? 0) + 1);
    for (const [note, n] of shared) if (n > 3) this.#print(`      skipped ${n} checks: ${note}`);
    for (const [i, test] of tests.entries()) {
      const note = notes[i];
      if (note && (shared.get(note) ?? 0) <= 3) this.#print(`      skipped: ${test.name}: ${note}`);
      for (const note of notesOf(test)) this.#print(`      note: ${test.name}: ${note}`);
    }
  }

  onTestRunEnd(_modules: unknown, unhandled: readonly ErrorLike[]): void {
    for (const error of unhandled) {
      this.outcomes.push({
        file: 'run',
        name: 'unhandled error',
        state: 'failed',
        durationMs: 0,
        failure: failureText([error]),
      });
      this.#print(`  × unhandled error: ${(error.message ?? '').split('\n')[0]}`);
    }
  }
}
