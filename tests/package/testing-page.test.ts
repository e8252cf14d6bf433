/**
 * docs/testing.md is a package user's page: every file it shows is one the package ships in
 * its examples/ folder (build/guides.ts EXAMPLES), shown as it is, and it names no path of
 * this repository.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { EXAMPLES } from '../../build/guides.ts';

const ROOT = new URL('../../', import.meta.url);
const page = readFileSync(new URL('docs/testing.md', ROOT), 'utf8');

/** Where the repository keeps an example file the package ships as `examples/FOLDER/…`. */
function source(shipped: string): string {
  const [, folder = '', rest = ''] = /^examples\/([\w-]+)\/(.+)$/.exec(shipped) ?? [];
  const from = EXAMPLES['petstore-mock']?.[folder];
  if (from === undefined) throw new Error(`${shipped} is no example petstore-mock ships`);
  return `${from}/${rest}`;
}

it('shows in docs/testing.md exactly the example files the package ships, as they are', () => {
  const blocks = [...page.matchAll(/<!-- ([\w./-]+) -->\n```(?:ts|js)\n([\s\S]*?)```/g)];
  expect(blocks.map((b) => b[1])).toEqual([
    'examples/sample-app/src/main.js',
    'examples/sample-app/playwright.config.ts',
    'examples/sample-app/e2e/fixtures.ts',
    'examples/sample-app/e2e/pets.spec.ts',
    'examples/sample-app/e2e/per-worker.spec.ts',
    'examples/vitest-recipes/journal.test.ts',
    'examples/vitest-recipes/sessions.test.ts',
    'examples/vitest-recipes/predictable-ids.test.ts',
  ]);
  for (const [, path = '', shown = ''] of blocks) {
    expect(shown, path).toBe(readFileSync(new URL(source(path), ROOT), 'utf8'));
  }
});

it('writes every recipe of docs/testing.md for a package user: npx petstore-mock, no checkout path', () => {
  expect(page).not.toMatch(/scripts\/bin|cwd: '\.\.\/\.\.'|mocks\/node\/index\.ts/);
  expect(page).toContain('command: `npx petstore-mock --port');
  // Paths of this repository a package user does not have: its tests, sources and scripts.
  const checkout = /(?<![\w/.-])(?:tests|scripts|mocks|contract-tests|gate|build|spec)\/[\w./-]+/g;
  expect(page.match(checkout) ?? []).toEqual([]);
  // What it copies out of the package is there.
  expect(page).toContain('cp -r node_modules/petstore-mock/examples/sample-app ');
});
