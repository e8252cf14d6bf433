/**
 * Keeps docs/architecture.md true: every import of the project's own code goes where the
 * page's table allows, so an upward or cross import fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SKIPPED = new Set(['node_modules', 'dist', '.git', 'reports', 'public']);
const SOURCE = /\.(ts|js|mjs|cjs)$/;
const IMPORT =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/** The table of docs/architecture.md: folder → the folders it may import. */
function readTable(markdown: string): Map<string, string[]> {
  const table = new Map<string, string[]>();
  for (const [, folder, allowed] of markdown.matchAll(/^\| `([\w/-]+\/)` \| (.+) \|$/gm)) {
    table.set(
      folder as string,
      [...(allowed as string).matchAll(/`([\w/-]+\/|[\w.-]+\.ts)`/g)].map((m) => m[1] as string),
    );
  }
  return table;
}

/** The most specific folder of the table that holds `file`, if any. */
const folderOf = (table: Map<string, string[]>, file: string) =>
  [...table.keys()]
    .filter((folder) => file.startsWith(folder))
    .sort((a, b) => b.length - a.length)[0];

/** Why `file` may not import `target` (both relative to the root), or undefined when it may. */
function violation(table: Map<string, string[]>, file: string, target: string): string | undefined {
  const folder = folderOf(table, file);
  const allowed = [...(folder ? (table.get(folder) ?? []) : [])];
  if (file.endsWith('.test.ts')) allowed.push('mocks/testing/', 'lib/', `${dirname(file)}/`);
  if (allowed.some((prefix) => target.startsWith(prefix))) return undefined;
  return `${file} imports ${target}, but ${folder ?? 'its folder'} may import only ${allowed.join(', ') || 'nothing of the project'}`;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : sourceFiles(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

const table = readTable(readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8'));

it('reads the layers from docs/architecture.md', () => {
  expect(table.get('spec/')).toEqual(['spec/']);
  expect(table.get('mocks/core/')).toEqual(['spec/', 'mocks/core/']);
  // Proxy mode's rooms: a folder in each place it runs, held to the layer it sits in.
  expect(table.get('mocks/core/proxy/')).toEqual(['spec/', 'mocks/core/']);
  expect(table.get('mocks/node/proxy/')).toEqual(['spec/', 'mocks/core/', 'net/', 'mocks/node/']);
  expect(table.size).toBeGreaterThan(10);
});

it('refuses an upward or cross import and allows the ones the table lists', () => {
  expect(violation(table, 'spec/levels.ts', 'mocks/core/store.ts')).toMatch(
    /spec\/ may import only spec\//,
  );
  expect(violation(table, 'mocks/core/handlers.ts', 'mocks/node/server.ts')).toBeDefined();
  expect(violation(table, 'spec/checks/checks.ts', 'mocks/core/store.ts')).toBeDefined();
  expect(violation(table, 'contract-tests/run/run.ts', 'mocks/node/local-mock.ts')).toBeDefined();
  expect(violation(table, 'mocks/core/x.test.ts', 'mocks/testing/in-process.ts')).toBeUndefined();
  expect(violation(table, 'scripts/mock.ts', 'mocks/node/index.ts')).toBeUndefined();
  expect(violation(table, 'mocks/core/proxy/step.ts', 'net/index.ts')).toBeDefined();
  expect(violation(table, 'mocks/node/proxy/forward.ts', 'net/index.ts')).toBeUndefined();
});

it('finds only imports the architecture allows', () => {
  const found: string[] = [];
  const files = sourceFiles('');
  expect(files.length).toBeGreaterThan(100);
  for (const file of files) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    for (const [, specifier] of text.matchAll(IMPORT)) {
      const target = relative(ROOT, normalize(join(ROOT, dirname(file), specifier as string)));
      const problem = violation(table, file, target);
      if (problem) found.push(problem);
    }
  }
  expect(found).toEqual([]);
});
