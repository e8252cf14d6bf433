/**
 * The README stays an overview a newcomer reads through (at most 300 lines; the detail lives
 * in the guides of docs/), and each of its links names a file of the repository.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

it('keeps the README at most 300 lines', () => {
  expect(README.split('\n').length).toBeLessThanOrEqual(300);
});

it('links from the README only to files of the repository or to web addresses', () => {
  const links = [...README.matchAll(/\]\(([^)\s]+)\)/g)].map(([, link]) => link ?? '');
  expect(links.length).toBeGreaterThan(10);
  const missing = links
    .filter((link) => !/^[a-z]+:/i.test(link) && !link.startsWith('#'))
    .filter((link) => !existsSync(join(ROOT, link.split('#')[0] ?? '')));
  expect(missing).toEqual([]);
});
