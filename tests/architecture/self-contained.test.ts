/**
 * A clone of the repository alone is complete: no tracked file reads, imports or cites a file
 * outside it, such as the private notes the project was started from. The rules those notes
 * held live in spec/openapi.yaml (x-rules, x-decision), with docs/rules.md and
 * docs/decisions.md generated from it.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

// What points outside: the folder beside the checkout, and the private notes by name.
const OUTSIDE = [
  /\.\.\/shared\b/,
  /\bpet-store-interface\.md\b/,
  /\bDECISIONS\.md\b/,
  /\bPERFORMANCE-NOTES\.md\b/,
  /\bSTYLE\.md\b/,
];

const SKIPPED: { path: string; why: string }[] = [
  { path: 'tests/architecture/self-contained.test.ts', why: 'names them to look for them' },
];

const tracked = (): string[] =>
  execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file !== '');

it('finds no tracked file that reads, imports or cites a file outside the repository', () => {
  const files = tracked().filter((file) => !SKIPPED.some((skip) => file.startsWith(skip.path)));
  expect(files.length).toBeGreaterThan(200);
  const found: string[] = [];
  for (const file of files) {
    const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (OUTSIDE.some((pattern) => pattern.test(line)))
        found.push(`${file}:${i + 1}: ${line.trim()}`);
    });
  }
  expect(found).toEqual([]);
});

it('would catch a citation, a relative read and an import of what lies beside the checkout', () => {
  for (const line of [
    "const notes = new URL('../../shared/notes.md', import.meta.url);",
    '/** As DECISIONS.md says. */',
    "import rules from '../shared/rules.ts';",
  ]) {
    expect(
      OUTSIDE.some((pattern) => pattern.test(line)),
      line,
    ).toBe(true);
  }
});
