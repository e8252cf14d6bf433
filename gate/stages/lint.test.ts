import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { specPath } from '../tools.ts';
import { runLintStage } from './lint.ts';

it('fails the lint stage and names the rule when the spec has a warning', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'gate-lint-'));
  try {
    // An operation without operationId breaks Spectral's `operation-operationId` (a warning).
    const spec = (await readFile(specPath, 'utf8')).replace('      operationId: listPets\n', '');
    const broken = join(dir, 'openapi.yaml');
    await writeFile(broken, spec);
    const result = await runLintStage([broken]);
    expect(result.status).toBe('failed');
    expect(result.details.join('\n')).toMatch(
      /warning operation-operationId: .*paths\.\/pets\.get/,
    );
    expect(result.cases?.some((c) => c.failure?.includes('operation-operationId'))).toBe(true);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}, 120_000);
