/** Stage 1: Spectral lints the spec with the project's ruleset, failing on any warning. */
import { join, relative } from 'node:path';
import { lintSpecs, type SpectralFinding } from '../spectral.ts';
import type { JUnitCase, StageResult } from '../stage.ts';
import { repoRoot, specPathAt } from '../tools.ts';

const severityNames = ['error', 'warning', 'info', 'hint'];

/** Lints both levels of the spec as `spectral lint` would (failing on any warning), reporting every finding. */
export async function runLintStage(
  files = [specPathAt('strict'), specPathAt('interface')],
): Promise<StageResult> {
  const started = Date.now();
  const specs = files.map((file) => relative(repoRoot, file));
  const command = `spectral lint ${specs.join(' ')} --fail-severity=warn`;
  let findings: SpectralFinding[];
  try {
    findings = await lintSpecs(files, join(repoRoot, '.spectral.yaml'));
  } catch (error) {
    const why = `could not run: ${(error as Error).message}`;
    return {
      stage: 'lint',
      status: 'failed',
      summary: `${command} ${why}`,
      details: [],
      durationMs: Date.now() - started,
      cases: [{ className: 'lint', name: command, failure: why }],
    };
  }
  const durationMs = Date.now() - started;
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
  const passed = blocking.length === 0;
  return {
    stage: 'lint',
    status: passed ? 'passed' : 'failed',
    summary: passed
      ? `${command}: no finding at warning level or above`
      : `${command}: ${blocking.length} finding(s) at warning level or above`,
    details: lines,
    durationMs,
    cases,
  };
}
