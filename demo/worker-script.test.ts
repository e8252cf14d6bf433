import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

// The committed worker must be the installed msw's: msw refuses a worker of another version.
it('commits the mockServiceWorker.js of the installed msw version', () => {
  const committed = readFileSync(new URL('./public/mockServiceWorker.js', import.meta.url), 'utf8');
  const installed = readFileSync(
    new URL('../node_modules/msw/lib/mockServiceWorker.js', import.meta.url),
    'utf8',
  );
  expect(
    committed === installed,
    'demo/public/mockServiceWorker.js differs from the installed msw: run `npx msw init demo/public --no-save`',
  ).toBe(true);
});
