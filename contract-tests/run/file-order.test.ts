import { readdirSync } from 'node:fs';
import { expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import { FileOrder } from './file-order.ts';

const SUITE = new URL('../suite/', import.meta.url).pathname;

it('runs the empty-start file before every suite file that could create a pet', async () => {
  const files = readdirSync(SUITE).filter((name) => name.endsWith('.contract.ts'));
  const specs = files.reverse().map((name) => ({ moduleId: `${SUITE}${name}` }));
  const sorted = await new FileOrder({} as Vitest).sort(specs as TestSpecification[]);
  expect(sorted.map((s) => s.moduleId.slice(SUITE.length))[0]).toBe('0-empty-start.contract.ts');
});

it('runs the whole-run file after every other suite file, once they have created all they create', async () => {
  const files = readdirSync(SUITE).filter((name) => name.endsWith('.contract.ts'));
  const specs = files.map((name) => ({ moduleId: `${SUITE}${name}` }));
  const sorted = await new FileOrder({} as Vitest).sort(specs as TestSpecification[]);
  expect(sorted.map((s) => s.moduleId.slice(SUITE.length)).at(-1)).toBe('whole-run.contract.ts');
});
