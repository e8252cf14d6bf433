/**
 * The gate's JUnit reports, one per stage, in the form CI readers count right: `tests`,
 * `failures`, `errors` and `skipped` on every suite agree with its elements; each case has a
 * `classname`, a `time`, and a failure (a finding: its `message` the finding, its text the
 * request and a curl) or an error (no verdict: why); the suite's time is at least the sum of
 * its cases'. A report is written whole or not at all (a temporary file, then a rename).
 */
import { copyFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { escapeXml } from '../contract-tests/report/junit-report.ts';
import type { JUnitCase, StageResult } from './stage.ts';

/** A JUnit `time` in seconds: a duration that is not a finite number counts as 0. */
const seconds = (ms: number | undefined): string =>
  (ms !== undefined && Number.isFinite(ms) && ms > 0 ? ms / 1000 : 0).toFixed(3);

const firstLine = (text: string) => text.split('\n')[0] ?? '';

/** Renders one JUnit test suite with its cases, failures, errors and skips. */
export function toJUnitXml(suite: string, cases: readonly JUnitCase[], durationMs: number): string {
  const failures = cases.filter((c) => c.failure !== undefined).length;
  const errors = cases.filter((c) => c.failure === undefined && c.error !== undefined).length;
  const skipped = cases.filter(
    (c) => c.failure === undefined && c.error === undefined && c.skipped !== undefined,
  ).length;
  const sum = cases.reduce((total, c) => total + (c.durationMs ?? 0), 0);
  const time = seconds(Math.max(durationMs, sum));
  const counts = `tests="${cases.length}" failures="${failures}" errors="${errors}" skipped="${skipped}" time="${time}"`;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${escapeXml(suite)}" ${counts}>`,
    `  <testsuite name="${escapeXml(suite)}" ${counts}>`,
  ];
  for (const c of cases) {
    const open = `    <testcase classname="${escapeXml(c.className)}" name="${escapeXml(c.name)}" time="${seconds(c.durationMs)}"`;
    const element =
      c.failure !== undefined
        ? ['failure', c.failure, 'NotConformant']
        : c.error !== undefined
          ? ['error', c.error, 'NoVerdict']
          : undefined;
    if (element) {
      const [tag, text = '', type] = element;
      const message = escapeXml(c.message ?? firstLine(text));
      lines.push(
        `${open}>`,
        `      <${tag} message="${message}" type="${type}">${escapeXml(text)}</${tag}>`,
        '    </testcase>',
      );
    } else if (c.skipped !== undefined) {
      lines.push(
        `${open}>`,
        `      <skipped message="${escapeXml(c.skipped)}"/>`,
        '    </testcase>',
      );
    } else lines.push(`${open}/>`);
  }
  lines.push('  </testsuite>', '</testsuites>', '');
  return lines.join('\n');
}

/** Writes a report whole: into a temporary file beside it, then renamed over it. */
export async function writeAtomically(path: string, text: string): Promise<void> {
  const temporary = `${path}.${process.pid}.${Date.now().toString(36)}.tmp`;
  await writeFile(temporary, text);
  await rename(temporary, path);
}

/** Writes a stage's JUnit report into `junitDir`, whole: from its cases, or the file its runner wrote. */
export async function writeStageJUnit(junitDir: string, result: StageResult): Promise<void> {
  const file = join(junitDir, `${result.stage}.xml`);
  if (result.junitFile !== undefined) {
    const staged = `${file}.${process.pid}.tmp`;
    await copyFile(result.junitFile, staged);
    await rename(staged, file);
    return;
  }
  const cases = result.cases ?? [
    { name: `${result.stage} stage`, className: result.stage, error: result.summary },
  ];
  await writeAtomically(file, toJUnitXml(`gate ${result.stage}`, cases, result.durationMs));
}
