/**
 * For tests: what a CI reader would find wrong in a JUnit report. xmllint must read it as
 * XML, and junit-report-merger's counts (it adds up each suite's attributes, as CI pages
 * do) must agree with the elements: test cases, failures, errors and skips.
 */
import { spawnSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const { mergeToString } = createRequire(import.meta.url)('junit-report-merger') as {
  mergeToString(sources: string[]): Promise<string>;
};

const count = (xml: string, pattern: RegExp) => [...xml.matchAll(pattern)].length;
const attribute = (xml: string, name: string) =>
  Number(new RegExp(`<testsuites\\b[^>]*\\b${name}="([^"]*)"`).exec(xml)?.[1] ?? Number.NaN);

/** Every fault a CI reader would meet in the report (none: an empty list). */
export async function junitFaults(xml: string): Promise<string[]> {
  const lint = spawnSync('xmllint', ['--noout', '-'], { input: xml, encoding: 'utf8' });
  if (lint.status !== 0) return [`not XML: ${lint.stderr.trim()}`];
  const merged = await mergeToString([xml]);
  const faults: string[] = [];
  const elements = {
    tests: count(xml, /<testcase\b/g),
    failures: count(xml, /<failure\b/g),
    errors: count(xml, /<error\b/g),
    skipped: count(xml, /<skipped\b/g),
  };
  for (const [name, n] of Object.entries(elements)) {
    const counted = attribute(merged, name);
    if (counted !== n)
      faults.push(`junit-report-merger counts ${name}=${counted}, the report has ${n}`);
  }
  if (/\[object Object\]|\bskip="/.test(xml)) faults.push('holds [object Object] or skip=');
  if (/<testcase\b(?![^>]*\bclassname=")/.test(xml)) faults.push('a testcase without classname');
  if (/<(failure|error)\b(?![^>]*\bmessage=")/.test(xml)) faults.push('a failure without message');
  if (/Cannot annotate tests outside of the test run/.test(xml)) faults.push('test-runner text');
  return faults;
}

/** Each report of a JUnit directory by file name, with the faults a CI reader would meet in it. */
export async function junitDirFaults(dir: string): Promise<Record<string, string[]>> {
  const faults: Record<string, string[]> = {};
  for (const file of (await readdir(dir)).sort())
    faults[file] = await junitFaults(await readFile(join(dir, file), 'utf8'));
  return faults;
}
