/**
 * The guides travel with petstore-mock: every link of the installed README and of the
 * guides it ships leads to a file of the installed package (and a heading of it, for an
 * anchor) or to a file of the repository, and every guide `--help` names is installed.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { REPOSITORY_FILES } from '../../build/guides.ts';
import { type Installed, installedPackage } from './installed.ts';
import { inProject, SLOW } from './projects.ts';
import { ROOT } from './shipped-mock.ts';

let installed: Installed;
let packageDir: string;

beforeAll(async () => {
  installed = await installedPackage();
  packageDir = join(installed.mock, 'node_modules', 'petstore-mock');
}, 600_000);

/** A heading's anchor as GitHub and npm make it. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

const anchorsOf = (file: string) =>
  new Set(
    [...readFileSync(file, 'utf8').matchAll(/^#{1,6} (.+)$/gm)].map(([, text]) => slug(text ?? '')),
  );

/** Why a link of `file` does not resolve, or undefined when it does. */
function problem(file: string, link: string): string | undefined {
  const [path = '', anchor] = link.split('#');
  if (link.startsWith('https://github.com/petstore-tools/')) {
    if (!link.startsWith(REPOSITORY_FILES) && !link.includes('/tree/main/'))
      return 'a repository link that names no file';
    const inRepository = path.split(/\/(?:blob|tree)\/main\//)[1] ?? '';
    return existsSync(join(ROOT, inRepository)) ? undefined : 'no such file in the repository';
  }
  if (/^[a-z]+:/i.test(link)) return undefined;
  const target = path === '' ? file : join(dirname(file), path);
  if (!target.startsWith(packageDir)) return 'outside the package';
  if (!existsSync(target)) return 'no such file in the installed package';
  if (anchor !== undefined && !anchorsOf(target).has(anchor)) return `no heading #${anchor}`;
  return undefined;
}

it('resolves every link of the installed README and guides in the package or the repository', () => {
  const docs = readdirSync(join(packageDir, 'docs')).map((name) => join(packageDir, 'docs', name));
  const files = [join(packageDir, 'README.md'), ...docs];
  expect(docs.map((file) => relative(packageDir, file))).toContain('docs/testing.md');
  const broken: string[] = [];
  let count = 0;
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const [, link, bare] of text.matchAll(/\]\(([^)\s]+)\)|<(https?:[^>\s]+)>/g)) {
      count += 1;
      const why = problem(file, link ?? bare ?? '');
      if (why) broken.push(`${relative(packageDir, file)}: ${link ?? bare}: ${why}`);
    }
  }
  expect(count).toBeGreaterThan(10);
  expect(broken).toEqual([]);
});

it('names in --help only guides the installed package holds', SLOW, async () => {
  const help = await inProject(installed.mock, 'npx', ['petstore-mock', '--help']);
  expect(help.code, help.output).toBe(0);
  expect(help.stdout).toContain('node_modules/petstore-mock/docs/');
  const named = [...help.stdout.matchAll(/^ {2}([\w-]+\.md) /gm)].map(([, name]) => name ?? '');
  expect(named.length).toBeGreaterThan(3);
  for (const name of named) expect(existsSync(join(packageDir, 'docs', name)), name).toBe(true);
  expect(help.stdout).not.toMatch(/\(docs\/[\w-]+\.md\)/);
});
