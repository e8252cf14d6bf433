import { existsSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { type Source, statements } from './statements.ts';

const files: Record<Source, URL> = {
  interface: new URL('../../shared/pet-store-interface.md', import.meta.url),
  decisions: new URL('../../shared/DECISIONS.md', import.meta.url),
};

for (const source of ['interface', 'decisions'] as const) {
  it.runIf(existsSync(files[source]))(`quotes each ${source} statement verbatim`, () => {
    const text = readFileSync(files[source], 'utf8');
    const quoted = Object.entries(statements).filter(([, s]) => s.source === source);
    expect(quoted.length).toBeGreaterThan(5);
    for (const [name, { quote }] of quoted) expect(text, name).toContain(quote);
  });
}
