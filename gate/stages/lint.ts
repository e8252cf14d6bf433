/** Stage 1: Spectral lints the spec with the project's ruleset, failing on any warning. */
import { relative } from 'node:path';
import { tail } from '../../lib/run-process.ts';
import type { JUnitCase, StageResult } from '../stage.ts';
import { repoRoot, runTool, specPathAt } from '../tools.ts';

type SpectralFinding = {
  source?: string;
  code: string | number;
  message: string;
  path: (string | number)[];
  severity: number;
  range?: { start: { line: number } };
};

const severityNames = ['error', 'warning', 'info', 'hint'];

/** Runs `spectral lint` over both levels of the spec (fails on any warning) and reports every finding. */
export async function runLintStage(
  files = [specPathAt('strict'), specPathAt('interface')],
): Promise<StageResult> {
  const started = Date.now();
  const specs = files.map((file) => relative(repoRoot, file));
  const command = `spectral lint ${specs.join(' ')} --fail-severity=warn`;
  const result = await runTool(
    'spectral',
    ['lint', ...specs, '--fail-severity=warn', '--format', 'json', '--quiet'],
    { timeoutMs: 120_000 },
  );
  const durationMs = Date.now() - started;
  let findings: SpectralFinding[] | undefined;
  try {
    findings = JSON.parse(result.stdout) as SpectralFinding[];
  } catch {
    findings = undefined;
  }
  if (findings === undefined || result.timedOut) {
    const why = result.timedOut ? 'timed out after 120 s' : `exited ${result.code} without JSON`;
    return {
      stage: 'lint',
      status: 'failed',
      summary: `${command} ${why}`,
      details: tail(`${result.stdout}\n${result.stderr}`),
      durationMs,
      cases: [{ className: 'lint', name: command, failure: `${why}\n${result.stderr}` }],
    };
  }
  const blocking = findings.filter((f) => f.severity <= 1);
  const lines = blocking.map((f) => {
    const line = f.range ? `:${f.range.start.line + 1}` : '';
    const spec = f.source ? relative(repoRoot, f.source) : (specs[0] ?? '');
    return `${spec}${line} ${severityNames[f.severity]} ${f.code}: ${f.message} (at ${f.path.join('.')})`;
  });
  const cases: JUnitCase[] =
    blocking.length === 0
      ? [{ className: 'lint', name: `${command} reports no warning or error` }]
      : blocking.map((f, i) => ({
          className: 'lint',
          name: `${f.code} at ${f.path.join('.') || '(document)'}`,
          failure: lines[i] ?? f.message,
        }));
  const passed = blocking.length === 0 && result.code === 0;
  return {
    stage: 'lint',
    status: passed ? 'passed' : 'failed',
    summary: passed
      ? `${command}: no finding at warning level or above`
      : `${command}: ${blocking.length} finding(s) at warning level or above (exit ${result.code})`,
    details: passed ? [] : lines.length > 0 ? lines : tail(result.stderr),
    durationMs,
    cases,
  };
}
