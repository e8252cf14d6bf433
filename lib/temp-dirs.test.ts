import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { TEMP_ROOT_VARIABLE, testTempDir } from './temp-dirs.ts';

const MODULE = fileURLToPath(new URL('./temp-dirs.ts', import.meta.url));
const TSX = fileURLToPath(new URL('../node_modules/tsx/dist/loader.mjs', import.meta.url));

it('removes the folders a process made outside a test run once it exits, their files with them', () => {
  const script = `
    import { existsSync, writeFileSync } from 'node:fs';
    import { join } from 'node:path';
    import { testTempDir } from ${JSON.stringify(MODULE)};
    const dirs = [testTempDir('temp-dirs-test-'), testTempDir('temp-dirs-test-')];
    writeFileSync(join(dirs[0], 'file'), 'x');
    console.log(JSON.stringify({ dirs, alive: dirs.map((dir) => existsSync(dir)) }));
  `;
  // Outside a vitest run there is no run folder: the process removes its own.
  const env = { ...process.env, [TEMP_ROOT_VARIABLE]: '' };
  const args = ['--import', TSX, '--input-type=module', '-e', script];
  const result = spawnSync(process.execPath, args, { encoding: 'utf8', env });
  expect(result.status, result.stderr).toBe(0);
  const { dirs, alive } = JSON.parse(result.stdout) as { dirs: string[]; alive: boolean[] };
  expect(alive).toEqual([true, true]);
  expect(dirs.every((dir) => !dir.includes('petstore-tests-'))).toBe(true);
  for (const dir of dirs) expect(existsSync(dir)).toBe(false);
});

it("puts a test's folders in the run's own folder, which the run removes at its end", () => {
  const root = process.env[TEMP_ROOT_VARIABLE];
  expect(root).toBeTruthy();
  expect(testTempDir('temp-dirs-test-').startsWith(`${root}/temp-dirs-test-`)).toBe(true);
});
