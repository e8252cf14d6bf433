/** Reads Dredd's console output: what each transaction sent, and why the failing ones failed. */

/** One failed transaction: Dredd's id, the request the hooks sent, and Dredd's reasons. */
export type DreddFailure = { id: string; sent: string; reasons: string[] };

/** Dredd's closing counts. */
export type DreddCounts = {
  passing: number;
  failing: number;
  errors: number;
  skipped: number;
  total: number;
};

/** What one Dredd run printed, read into counts and failures. */
export type DreddOutput = { counts?: DreddCounts; failures: DreddFailure[] };

// biome-ignore lint/suspicious/noControlCharactersInRegex: strips ANSI colour codes
const ansi = /\u001b\[[0-9;]*m/g;
const resultLine = /^(pass|fail|error|skip): (.+?)(?: duration: \d+ms)?$/;

/**
 * Dredd lists body errors before the status; a wrong status explains the body errors after
 * it (a 200 where 401 was due has the body of a 200), so it leads.
 */
const statusFirst = (reasons: string[]): string[] => [
  ...reasons.filter((reason) => reason.startsWith('statusCode:')),
  ...reasons.filter((reason) => !reason.startsWith('statusCode:')),
];

/** Parses Dredd's output as printed with `--loglevel warning` and gate/stages/dredd-hooks.cjs. */
export function parseDreddOutput(output: string): DreddOutput {
  const lines = output.replace(ansi, '').split('\n');
  const sent = new Map<string, string>();
  const failures: DreddFailure[] = [];
  let lastSent = '';
  let inFailedSection = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const hook = /^hook: \/.+ > \d{3} > [^:]+: (.+)$/.exec(line);
    if (hook) {
      lastSent = hook[1] ?? '';
      continue;
    }
    if (line.startsWith('info: Displaying failed tests')) inFailedSection = true;
    const result = resultLine.exec(line);
    if (!result) continue;
    const [, kind, id = ''] = result;
    if (!inFailedSection) {
      if (!sent.has(id)) sent.set(id, kind === 'skip' ? '' : lastSent);
      continue;
    }
    if (kind !== 'fail' && kind !== 'error') continue;
    // In the closing section, a failure's reasons follow its id line up to a blank line.
    const reasons: string[] = [];
    while (i + 1 < lines.length && (lines[i + 1] ?? '').trim() !== '') {
      i += 1;
      reasons.push((lines[i] ?? '').replace(/^(fail|error): /, '').trim());
    }
    failures.push({ id, sent: sent.get(id) ?? '', reasons: statusFirst(reasons) });
  }
  const complete =
    /complete: (\d+) passing, (\d+) failing, (\d+) errors, (\d+) skipped, (\d+) total/.exec(
      output.replace(ansi, ''),
    );
  const counts = complete
    ? {
        passing: Number(complete[1]),
        failing: Number(complete[2]),
        errors: Number(complete[3]),
        skipped: Number(complete[4]),
        total: Number(complete[5]),
      }
    : undefined;
  return { counts, failures };
}
