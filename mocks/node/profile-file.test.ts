import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadProfile } from './profile-file.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'petstore-profile-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

it('loads a YAML or JSON profile file into the object the mock takes', async () => {
  const yaml = join(dir, 'backend.yaml');
  await writeFile(yaml, 'pagination: none\norder: newest-first\n# defaultStatus: available\n');
  expect(await loadProfile(yaml)).toEqual({ pagination: 'none', order: 'newest-first' });
  const json = join(dir, 'backend.json');
  await writeFile(json, '{"outOfRangeLimit":"clamp"}');
  expect(await loadProfile(json)).toEqual({ outOfRangeLimit: 'clamp' });
});

it('rejects a file that is not a profile, naming the file and the field', async () => {
  const file = join(dir, 'wrong.yaml');
  await writeFile(file, 'order: sideways\n');
  await expect(loadProfile(file)).rejects.toThrow(/wrong\.yaml: order must be one of/);
  await expect(loadProfile(join(dir, 'missing.yaml'))).rejects.toThrow(/ENOENT/);
});
