/**
 * docs/typed-client.md's openapi-fetch recipe, as a frontend team runs it: openapi-fetch and
 * the packed petstore-mock installed beside msw and vitest, `paths` generated from the
 * installed spec by the page's openapi-typescript command, and the recipe run by vitest;
 * beside it, a client without the recipe's fetch option, which never reaches msw.
 */
import { cp, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, expect, it } from 'vitest';
import { commandLine } from '../generators/generate.ts';
import { installDev, installedPackage } from './installed.ts';
import { inProject, SLOW } from './projects.ts';

const RECIPE = fileURLToPath(
  new URL('../../docs/typed-client/openapi-fetch.spec.ts', import.meta.url),
);
const BYPASS = fileURLToPath(new URL('./openapi-fetch/bypass.spec.ts', import.meta.url));
// The release the recipe was written and tried with.
const OPENAPI_FETCH = '0.17.0';
let project: string;

beforeAll(async () => {
  const installed = await installedPackage();
  project = join(installed.mockWithVitest, '..', 'openapi-fetch');
  await cp(installed.mockWithVitest, project, { recursive: true, verbatimSymlinks: true });
  await installDev(project, [`openapi-fetch@${OPENAPI_FETCH}`]);
  await mkdir(join(project, 'src'));
  await cp(RECIPE, join(project, 'src', 'openapi-fetch.spec.ts'));
  await cp(BYPASS, join(project, 'src', 'bypass.spec.ts'));
  await writeFile(
    join(project, 'vitest.src.config.js'),
    "import { defineConfig } from 'vitest/config';\n\nexport default defineConfig({ test: { include: ['src/*.spec.ts'] } });\n",
  );
}, 600_000);

it(
  'runs the openapi-fetch recipe against the handlers, and shows a client without it bypassing msw',
  SLOW,
  async () => {
    const input = 'node_modules/petstore-mock/spec/openapi.yaml';
    const [command, ...args] = commandLine('openapi-typescript', input).split(' ');
    const generated = await inProject(project, command as string, args);
    expect(generated.code, generated.output).toBe(0);
    const config = ['--config', 'vitest.src.config.js'];
    const run = await inProject(project, 'npx', ['vitest', 'run', ...config], 180_000, {
      NO_COLOR: '1',
    });
    expect(run.code, run.output).toBe(0);
    expect(run.stdout).toMatch(/Tests\s+3 passed/);
  },
);
