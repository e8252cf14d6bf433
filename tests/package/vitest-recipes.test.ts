/**
 * The vitest recipes of docs/testing.md (tests/package/recipes/, shipped as the package's
 * examples/vitest-recipes/), run as a frontend team runs them: copied out of the installed
 * package into a project where petstore-mock is installed beside msw and vitest.
 */
import { cp, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { installedPackage } from './installed.ts';
import { inProject, SLOW } from './projects.ts';

let project: string;
let recipes: string;

beforeAll(async () => {
  const installed = await installedPackage();
  project = join(installed.mockWithVitest, '..', 'vitest-recipes');
  await cp(installed.mockWithVitest, project, { recursive: true, verbatimSymlinks: true });
  recipes = join(project, 'node_modules/petstore-mock/examples/vitest-recipes');
  await cp(recipes, join(project, 'recipes'), { recursive: true });
  // The recipes set msw up themselves: no setup file of the project's.
  await writeFile(
    join(project, 'vitest.recipes.config.js'),
    "import { defineConfig } from 'vitest/config';\n\nexport default defineConfig({ test: { include: ['recipes/*.test.ts'] } });\n",
  );
}, 600_000);

it('runs every vitest recipe of docs/testing.md with the installed package', SLOW, async () => {
  const files = await readdir(recipes);
  const run = await inProject(
    project,
    'npx',
    ['vitest', 'run', '--config', 'vitest.recipes.config.js'],
    180_000,
    { NO_COLOR: '1' },
  );
  expect(run.code, run.output).toBe(0);
  expect(run.stdout).toMatch(new RegExp(`Test Files\\s+${files.length} passed`));
});
