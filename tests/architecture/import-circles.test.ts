/**
 * No import circle anywhere in the project's own code, type-only imports included: a module
 * that imports itself through others cannot be read (or moved) on its own, and the circle
 * mocks/core had (profile.ts, sessions.ts, store.ts) is what this test keeps out.
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

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : sourceFiles(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

/** The circles of a graph: strongly connected parts of two or more files, or a self-import. */
function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) as number, low.get(target) as number));
      } else if (onStack.has(target))
        low.set(file, Math.min(low.get(file) as number, index.get(target) as number));
    }
    if (low.get(file) !== index.get(file)) return;
    const part: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      part.push(member);
    } while (member !== file);
    if (part.length > 1 || graph.get(file)?.includes(file)) found.push(part.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles('')) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const targets = [...text.matchAll(IMPORT)].map(([, specifier]) =>
      relative(ROOT, normalize(join(ROOT, dirname(file), specifier as string))),
    );
    graph.set(file, targets);
  }
  return graph;
}

it('finds a circle of three files, and none in a chain', () => {
  const circle = new Map([
    ['a.ts', ['b.ts']],
    ['b.ts', ['c.ts']],
    ['c.ts', ['a.ts']],
    ['d.ts', ['a.ts']],
  ]);
  expect(circles(circle)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  expect(
    circles(
      new Map([
        ['a.ts', ['b.ts']],
        ['b.ts', ['c.ts']],
        ['c.ts', []],
      ]),
    ),
  ).toEqual([]);
});

it('finds no import circle in the project, type-only imports included', () => {
  const graph = importGraph();
  expect(graph.get('mocks/core/sessions.ts')).toContain('mocks/core/profile.ts');
  expect(circles(graph)).toEqual([]);
});
