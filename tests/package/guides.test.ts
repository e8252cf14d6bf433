/**
 * The guides travel with petstore-mock and petstore-contract: every link of the installed
 * README and of the guides it ships leads to a file of the installed package (and a heading
 * of it, for an anchor) or to a file of the repository, every guide `--help` names is
 * installed, and every example file a guide names is in the package.
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
let contractDir: string;

beforeAll(async () => {
  installed = await installedPackage();
  packageDir = join(installed.mock, 'node_modules', 'petstore-mock');
  contractDir = join(installed.contract, 'node_modules', 'petstore-contract');
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

/** Why a link of `file` (in the package at `packageDir`) does not resolve, or undefined when it does. */
function problem(file: string, link: string, packageDir: string): string | undefined {
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

/** Every link of a package's installed README and guides that does not resolve, and their count. */
function brokenLinks(packageDir: string) {
  const docs = readdirSync(join(packageDir, 'docs')).map((name) => join(packageDir, 'docs', name));
  const broken: string[] = [];
  let count = 0;
  for (const file of [join(packageDir, 'README.md'), ...docs]) {
    const text = readFileSync(file, 'utf8');
    for (const [, link, bare] of text.matchAll(/\]\(([^)\s]+)\)|<(https?:[^>\s]+)>/g)) {
      count += 1;
      const why = problem(file, link ?? bare ?? '', packageDir);
      if (why) broken.push(`${relative(packageDir, file)}: ${link ?? bare}: ${why}`);
    }
  }
  return { docs: docs.map((file) => relative(packageDir, file)), broken, count };
}

it('resolves every link of the installed README and guides in the package or the repository', () => {
  const mock = brokenLinks(packageDir);
  expect(mock.docs).toContain('docs/testing.md');
  expect(mock.count).toBeGreaterThan(10);
  expect(mock.broken).toEqual([]);
  const contract = brokenLinks(contractDir);
  expect(contract.docs).toEqual(['docs/contract.md']);
  expect(contract.count).toBeGreaterThan(10);
  expect(contract.broken).toEqual([]);
});

it('holds every example file the installed docs/testing.md names', () => {
  const page = readFileSync(join(packageDir, 'docs', 'testing.md'), 'utf8');
  const named = [...page.matchAll(/(?:<!-- |node_modules\/petstore-mock\/)(examples\/[\w./-]+)/g)];
  expect(named.length).toBeGreaterThan(5);
  for (const [, path = ''] of named) expect(existsSync(join(packageDir, path)), path).toBe(true);
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
