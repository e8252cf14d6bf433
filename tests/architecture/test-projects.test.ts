import { execFileSync } from 'node:child_process';
import { matchesGlob } from 'node:path';
import { expect, it } from 'vitest';
import { NOT_OURS, PROJECTS } from '../../vitest.config.ts';

const matchesAny = (file: string, globs: readonly string[]) =>
  globs.some((glob) => matchesGlob(file, glob));

/** The projects that run `file`: it matches one of their globs and none of their exclusions. */
const projectsOf = (file: string) =>
  PROJECTS.filter(
    (project) => matchesAny(file, project.include) && !matchesAny(file, project.exclude),
  ).map((project) => project.name);

it('runs every test file of the repository in exactly one project', () => {
  const files = execFileSync('git', ['ls-files', '*.test.ts'], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
  // A consumer project's own tests (the recipes, the pact sample app) run from the packed package.
  const ours = files.filter((file) => !matchesAny(file, NOT_OURS));
  const wrong = ours
    .map((file) => ({ file, projects: projectsOf(file) }))
    .filter((each) => each.projects.length !== 1);
  expect(ours.length).toBeGreaterThan(100);
  expect(wrong).toEqual([]);
});
