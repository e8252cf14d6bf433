/** Writes a small JUnit XML report for stages whose tool has none of its own. */
import { escapeXml } from '../contract-tests/report/junit-report.ts';
import type { JUnitCase } from './stage.ts';

/** A JUnit `time` in seconds: a duration that is not a finite number counts as 0. */
const seconds = (ms: number): string => (Number.isFinite(ms) && ms > 0 ? ms / 1000 : 0).toFixed(3);

/**
 * Makes every `time` attribute of a report another tool wrote a number of seconds: Dredd's
 * xunit reporter writes `time="NaN"` for a transaction it could not time, which JUnit
 * readers refuse or count as a failure to parse.
 */
export function withNumericTimes(xml: string): string {
  return xml.replace(/\btime="([^"]*)"/g, (whole, value: string) =>
    value.trim() !== '' && Number.isFinite(Number(value)) && Number(value) >= 0
      ? whole
      : 'time="0.000"',
  );
}

/** Renders one JUnit test suite with its cases, failures and skips. */
export function toJUnitXml(suite: string, cases: JUnitCase[], durationMs: number): string {
  const failures = cases.filter((c) => c.failure !== undefined).length;
  const skipped = cases.filter((c) => c.skipped !== undefined).length;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${escapeXml(suite)}" tests="${cases.length}" failures="${failures}">`,
    `  <testsuite name="${escapeXml(suite)}" tests="${cases.length}" failures="${failures}" skipped="${skipped}" time="${seconds(durationMs)}">`,
  ];
  for (const c of cases) {
    const open = `    <testcase classname="${escapeXml(c.className)}" name="${escapeXml(c.name)}"`;
    if (c.failure !== undefined) {
      lines.push(`${open}>`);
      const first = c.failure.split('\n')[0] ?? '';
      lines.push(
        `      <failure message="${escapeXml(first)}">${escapeXml(c.failure)}</failure>`,
        '    </testcase>',
      );
    } else if (c.skipped !== undefined) {
      lines.push(
        `${open}>`,
        `      <skipped message="${escapeXml(c.skipped)}"/>`,
        '    </testcase>',
      );
    } else {
      lines.push(`${open}/>`);
    }
  }
  lines.push('  </testsuite>', '</testsuites>', '');
  return lines.join('\n');
}

/** Counts the test cases and failures of a JUnit XML report written by another tool. */
export function countJUnit(xml: string): { tests: number; failures: string[]; skipped: number } {
  const failures: string[] = [];
  let tests = 0;
  let skipped = 0;
  for (const match of xml.matchAll(/<testcase\b([^>]*?)(\/>|>([\s\S]*?)<\/testcase>)/g)) {
    tests += 1;
    const body = match[3] ?? '';
    const name = /\bname="([^"]*)"/.exec(match[1] ?? '')?.[1] ?? '(unnamed)';
    if (/<(failure|error)\b/.test(body)) failures.push(unescapeXml(name));
    else if (/<skipped\b/.test(body)) skipped += 1;
  }
  return { tests, failures, skipped };
}

const unescapeXml = (text: string): string =>
  text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');
