/**
 * `npm run pack` on a fresh clone: the tracked files alone (no dist/ yet), with the installed
 * dependencies beside them, make the three tarballs in dist/packs/, and the command ends by
 * naming them and how to install each, not with npm's list of every file packed.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { runProcess } from '../../lib/run-process.ts';
import { ROOT, userEnv } from './shipped-mock.ts';

let clone: string | undefined;

afterAll(() => (clone ? rm(clone, { recursive: true, force: true }) : undefined));

/** A copy of the tracked files as a fresh clone has them, sharing node_modules. */
async function freshClone(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'petstore-clone-'));
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' });
  for (const file of tracked.split('\0').filter(Boolean)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(join(ROOT, file), join(dir, file));
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

it('packs the three packages into dist/packs on a fresh clone', { timeout: 300_000 }, async () => {
  clone = await freshClone();
  const result = await runProcess('npm', ['run', 'pack'], {
    cwd: clone,
    baseEnv: userEnv(),
    timeoutMs: 280_000,
  });
  expect(result.output).not.toMatch(/ENOENT/);
  expect(result.code).toBe(0);
  const packs = join(clone, 'dist/packs');
  expect(readdirSync(packs).sort()).toEqual([
    'petstore-contract-0.1.0.tgz',
    'petstore-gate-0.1.0.tgz',
    'petstore-mock-0.1.0.tgz',
  ]);
  // It ends with the three tarballs' paths, after the line that installs each.
  const lines = result.stdout.trimEnd().split('\n');
  expect(lines.slice(-3)).toEqual([
    join(packs, 'petstore-mock-0.1.0.tgz'),
    join(packs, 'petstore-contract-0.1.0.tgz'),
    join(packs, 'petstore-gate-0.1.0.tgz'),
  ]);
  expect(result.stdout).toContain(`npm i -D ${join(packs, 'petstore-mock-0.1.0.tgz')} msw\n`);
  expect(result.stdout).toContain(`npm i -D ${join(packs, 'petstore-gate-0.1.0.tgz')}\n`);
  // npm's notices (every file of every tarball, ~490 lines) are not shown.
  expect(result.output).not.toMatch(/npm notice/);
  expect(result.output.split('\n').length).toBeLessThan(40);
});
