/**
 * The Spectral ruleset's own rules (.spectral.yaml) keep decisions in their annotation form:
 * they fail a spec that breaks it. (`npm run lint:spec` lints both levels of the real spec.)
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { parse, stringify } from 'yaml';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SPECTRAL = join(ROOT, 'node_modules', '.bin', 'spectral');

type Finding = { code: string; path: string[] };

async function lint(files: string[]): Promise<Finding[]> {
  const args = ['lint', ...files, '--ruleset', join(ROOT, '.spectral.yaml'), '--format', 'json'];
  const run = await promisify(execFile)(SPECTRAL, [...args, '--quiet'], { cwd: ROOT }).catch(
    (error: { stdout?: string }) => ({ stdout: error.stdout ?? '[]' }),
  );
  return JSON.parse(run.stdout || '[]') as Finding[];
}

it('fails a decision in an allOf branch, without an id or why, or with a bad rule id', async () => {
  const spec = parse(await readFile(join(ROOT, 'spec/openapi.yaml'), 'utf8'));
  spec.components.schemas.PetName = {
    type: 'string',
    allOf: [
      { maxLength: 9, 'x-decision': { id: 'in-branch', why: 'a decision hidden in an allOf' } },
    ],
  };
  spec.components.schemas.CategoryId['x-decision'] = { id: 'Not_Kebab', adds: ['minimum'] };
  spec.components.schemas.Pet['x-rules'] = { 'Bad Id': 'a rule with an id that is not kebab' };
  const dir = await mkdtemp(join(tmpdir(), 'petstore-spectral-'));
  try {
    const file = join(dir, 'broken.yaml');
    await writeFile(file, stringify(spec));
    const codes = (await lint([file])).map((f) => f.code);
    expect(codes).toContain('petstore-no-decision-in-allof');
    expect(codes.filter((c) => c === 'petstore-decision-form').length).toBeGreaterThan(0);
    expect(codes).toContain('petstore-rule-ids');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}, 60_000);
