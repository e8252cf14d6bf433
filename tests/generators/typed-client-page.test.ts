import { readdir, readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { argsFor, commandLine, DOCUMENTED_SPEC_URL, GENERATORS } from './generate.ts';

const root = new URL('../../', import.meta.url);
const PAGE = new URL('docs/typed-client.md', root);
const EXAMPLES = new URL('docs/typed-client/', root);

it('gives the command for each generator at the version the tests run', async () => {
  const page = await readFile(PAGE, 'utf8');
  for (const generator of GENERATORS) {
    expect(page).toContain(commandLine(generator, argsFor(generator, DOCUMENTED_SPEC_URL)));
  }
  expect(page).toContain('npx tsx int64-types.ts');
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
