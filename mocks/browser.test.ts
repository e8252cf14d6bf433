import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

const IMPORT = /^(?:import|export)[^'"]*from\s+'([^']+)'|^import\s+'([^']+)'/gm;

/** Every module browser.ts loads, following relative imports (type-only ones included). */
function importGraph(entry: URL): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const visit = (file: URL) => {
    if (graph.has(file.href)) return;
    const specifiers = [...readFileSync(file, 'utf8').matchAll(IMPORT)].map(
      (m) => m[1] ?? m[2] ?? '',
    );
    graph.set(file.href, specifiers);
    for (const specifier of specifiers)
      if (specifier.startsWith('.')) visit(new URL(specifier, file));
  };
  visit(entry);
  return graph;
}

it('keeps every module the browser worker loads free of node: imports', () => {
  const graph = importGraph(new URL('./browser.ts', import.meta.url));
  expect(graph.size).toBeGreaterThan(10);
  for (const [file, specifiers] of graph) {
    for (const specifier of specifiers) {
      expect(specifier.startsWith('node:'), `${file} imports ${specifier}`).toBe(false);
      expect(['fs', 'path', 'crypto', 'http'], `${file} imports ${specifier}`).not.toContain(
        specifier,
      );
    }
  }
  expect([...graph.keys()].some((file) => file.endsWith('/auth-node.ts'))).toBe(false);
});
