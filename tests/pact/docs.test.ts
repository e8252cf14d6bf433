/** docs/consumer-contracts.md quotes the recipe files of tests/pact/app/ as they are. */
import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url);

it('quotes every recipe of tests/pact/app verbatim in docs/consumer-contracts.md', async () => {
  const page = await readFile(new URL('docs/consumer-contracts.md', ROOT), 'utf8');
  const blocks = [...page.matchAll(/<!-- tests\/pact\/app\/([\w.-]+) -->\n```\w+\n([\s\S]*?)```/g)];
  expect(blocks.map(([, file]) => file)).toEqual([
    'playwright.config.ts',
    'fixtures.ts',
    'write-pact.ts',
    'pact-setup.ts',
    'pact-global-setup.ts',
    'msw-adapter.test.ts',
    'verify-pact.mjs',
  ]);
  for (const [, file, code] of blocks)
    expect(code, file).toBe(await readFile(new URL(`tests/pact/app/${file}`, ROOT), 'utf8'));
});
