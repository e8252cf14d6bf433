import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url);
// The guide shows the package's entry where the checkout's files import the source.
const PACKAGE_ENTRY = "'petstore-mock/node'";
const SOURCE_ENTRY = "'../../mocks/node/index.ts'";

it('shows in docs/testing.md exactly the recipe files the test suites run', () => {
  const page = readFileSync(new URL('docs/testing.md', ROOT), 'utf8');
  const blocks = [...page.matchAll(/<!-- ([\w./-]+) -->\n```ts\n([\s\S]*?)```/g)];
  expect(blocks.map((b) => b[1])).toEqual([
    'tests/e2e/playwright.config.ts',
    'tests/e2e/fixtures.ts',
    'tests/e2e/per-worker.spec.ts',
    'tests/sessions/vitest-recipe.test.ts',
    'tests/sessions/predictable-ids.test.ts',
  ]);
  for (const [, path = '', shown = ''] of blocks) {
    const file = readFileSync(new URL(path, ROOT), 'utf8');
    expect(shown.replaceAll(PACKAGE_ENTRY, SOURCE_ENTRY), path).toBe(file);
  }
});
