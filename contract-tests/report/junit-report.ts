/**
 * The JUnit XML of a contract run: one testsuite per suite file, one testcase per test,
 * each failure carrying the suite's own message (the rule, the request, a curl), never a
 * stack trace, so a CI page shows what a backend developer needs.
 */

/** The outcome of one test, as JUnit records it. */
export type CaseOutcome = {
  /** The suite file's short name, e.g. `createPet`. */
  file: string;
  name: string;
  /** `error`: not judged (the run stopped without a verdict before or while it ran). */
  state: 'passed' | 'failed' | 'skipped' | 'error';
  durationMs: number;
  /** The failure message(s), for a failed test. */
  failure?: string;
  /** Why a test was skipped, when it says. */
  note?: string;
};

/** Text as XML 1.0 attribute or element content: markup escaped, characters XML cannot carry replaced. */
export const escapeXml = (text: string): string =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    // Characters XML 1.0 cannot carry at all (a failure may quote a name holding them).
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '\ufffd');

const seconds = (ms: number) => (ms / 1000).toFixed(3);

/**
 * Renders the JUnit XML of a run named `name`. A suite's time is its file's (`fileMs`, the
 * files run one after another; its tests may overlap), else its cases' sum; the whole run's is
 * at least the sum of its suites'.
 */
export function junitXml(
  name: string,
  cases: readonly CaseOutcome[],
  durationMs: number,
  fileMs: ReadonlyMap<string, number> = new Map(),
): string {
  const count = (list: readonly CaseOutcome[], state: CaseOutcome['state']) =>
    list.filter((c) => c.state === state).length;
  const files = [...new Set(cases.map((c) => c.file))];
  const timeOf = (file: string) =>
    fileMs.get(file) ??
    cases.filter((c) => c.file === file).reduce((sum, c) => sum + c.durationMs, 0);
  const total = Math.max(
    durationMs,
    files.reduce((sum, file) => sum + timeOf(file), 0),
  );
  const lines = [
    '<?xml version="1.0" encoding="UTF-8" ?>',
    `<testsuites name="${escapeXml(name)}" tests="${cases.length}" failures="${count(cases, 'failed')}" errors="${count(cases, 'error')}" skipped="${count(cases, 'skipped')}" time="${seconds(total)}">`,
  ];
  for (const file of files) {
    const own = cases.filter((c) => c.file === file);
    const time = timeOf(file);
    lines.push(
      `  <testsuite name="${escapeXml(file)}" tests="${own.length}" failures="${count(own, 'failed')}" errors="${count(own, 'error')}" skipped="${count(own, 'skipped')}" time="${seconds(time)}">`,
    );
    for (const c of own) {
      const open = `    <testcase classname="${escapeXml(file)}" name="${escapeXml(c.name)}" time="${seconds(c.durationMs)}"`;
      if (c.state === 'passed') lines.push(`${open}/>`);
      else if (c.state === 'skipped') {
        const message = c.note === undefined ? '' : ` message="${escapeXml(c.note)}"`;
        lines.push(`${open}>`, `      <skipped${message}/>`, '    </testcase>');
      } else {
        const first = (c.failure ?? '').split('\n')[0] ?? '';
        const [tag, type] =
          c.state === 'error' ? ['error', 'NoVerdict'] : ['failure', 'ContractFailure'];
        lines.push(
          `${open}>`,
          `      <${tag} message="${escapeXml(first)}" type="${type}">${escapeXml(c.failure ?? '')}</${tag}>`,
          '    </testcase>',
        );
      }
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>', '');
  return lines.join('\n');
}
