import { readdir, readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import {
  argsFor,
  commandLine,
  DOCUMENTED_SPEC_URL,
  GENERATORS,
  packageAtVersion,
  runsInstalled,
} from './generate.ts';

const root = new URL('../../', import.meta.url);
const PAGE = new URL('docs/typed-client.md', root);
const README = new URL('README.md', root);
const EXAMPLES = new URL('docs/typed-client/', root);

it('gives the command for each generator at the version the tests run', async () => {
  for (const doc of [PAGE, README]) {
    const page = await readFile(doc, 'utf8');
    const installs = [...page.matchAll(/^npm i -D (.+)$/gm)].flatMap((m) => m[1]?.split(' '));
    for (const generator of GENERATORS) {
      expect(page).toContain(commandLine(generator, argsFor(generator, DOCUMENTED_SPEC_URL)));
      // One installed in the project is installed at the tested version, hey-api with TS 6.
      if (runsInstalled(generator)) expect(installs).toContain(packageAtVersion(generator));
    }
    expect(installs).toContain('typescript@~6.0');
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
