import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url);

it('shows in docs/testing.md exactly the recipe files the package tests run', () => {
  const page = readFileSync(new URL('docs/testing.md', ROOT), 'utf8');
  const blocks = [...page.matchAll(/<!-- ([\w./-]+) -->\n```ts\n([\s\S]*?)```/g)];
  expect(blocks.map((b) => b[1])).toEqual([
    'tests/package/sample-app/playwright.config.ts',
    'tests/package/sample-app/e2e/fixtures.ts',
    'tests/package/sample-app/e2e/pets.spec.ts',
    'tests/package/sample-app/e2e/per-worker.spec.ts',
    'tests/package/recipes/journal.test.ts',
    'tests/package/recipes/sessions.test.ts',
    'tests/package/recipes/predictable-ids.test.ts',
  ]);
  for (const [, path = '', shown = ''] of blocks) {
    expect(shown, path).toBe(readFileSync(new URL(path, ROOT), 'utf8'));
  }
});

it('writes every recipe of docs/testing.md for a package user: npx petstore-mock, no checkout path', () => {
  const page = readFileSync(new URL('docs/testing.md', ROOT), 'utf8');
  expect(page).not.toMatch(/scripts\/bin|cwd: '\.\.\/\.\.'|mocks\/node\/index\.ts/);
  expect(page).toContain('command: `npx petstore-mock --port');
});
