import { readdir, readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { commandLine, DOCUMENTED_SPEC_URL, GENERATORS } from './generate.ts';

const root = new URL('../../', import.meta.url);
const PAGE = new URL('docs/typed-client.md', root);
const README = new URL('README.md', root);
const EXAMPLES = new URL('docs/typed-client/', root);

it('gives each generator as the one npx line the tests run, installing nothing in the app', async () => {
  for (const doc of [PAGE, README]) {
    const page = await readFile(doc, 'utf8');
    const lines = page.split('\n');
    for (const generator of GENERATORS)
      expect(lines, generator).toContain(commandLine(generator, DOCUMENTED_SPEC_URL));
    // The recipes leave the app's own dependencies (its TypeScript above all) alone.
    expect(page).not.toMatch(
      /^npm i(nstall)? .*(openapi-ts|orval|openapi-typescript|typescript@)/m,
    );
  }
  expect(await readFile(PAGE, 'utf8')).toContain('npx tsx int64-types.ts');
});

it('quotes in the README only example files as they are', async () => {
  const readme = await readFile(README, 'utf8');
  const blocks = [
    ...readme.matchAll(/<!-- (docs\/typed-client\/[\w.-]+) -->\n```ts\n([\s\S]*?)```/g),
  ];
  expect(blocks.length).toBeGreaterThan(0);
  for (const [, path, code] of blocks) {
    expect(code, path).toBe(await readFile(new URL(path as string, root), 'utf8'));
  }
});

it('quotes every file of docs/typed-client/ verbatim', async () => {
  const page = await readFile(PAGE, 'utf8');
  const blocks = page.matchAll(/<!-- (docs\/typed-client\/[\w.-]+) -->\n```ts\n([\s\S]*?)```/g);
  const quoted = new Map([...blocks].map(([, path, code]) => [path, code]));
  const files = (await readdir(EXAMPLES)).sort();
  expect([...quoted.keys()].sort()).toEqual(files.map((file) => `docs/typed-client/${file}`));
  for (const file of files) {
    const text = await readFile(new URL(file, EXAMPLES), 'utf8');
    expect(quoted.get(`docs/typed-client/${file}`), file).toBe(text);
  }
});
