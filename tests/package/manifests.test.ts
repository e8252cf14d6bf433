/**
 * What an installed package tells its user about where it comes from: each manifest names
 * the repository (and the package's folder in it) and a homepage, and each README links the
 * guides it mentions, so they can be reached from node_modules or the registry's page.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { GUIDES } from '../../build/guides.ts';
import { ROOT } from './shipped-mock.ts';

const PACKAGES = ['petstore-mock', 'petstore-contract', 'petstore-gate'] as const;

type Manifest = {
  homepage?: string;
  repository?: { type?: string; url?: string; directory?: string };
  bugs?: { url?: string };
};

const manifest = (name: string): Manifest =>
  JSON.parse(readFileSync(join(ROOT, 'packages', name, 'package.json'), 'utf8'));

/** The repository's web address, read from the first package (all must agree). */
const repositoryUrl = (): string => {
  const url = manifest(PACKAGES[0]).repository?.url ?? '';
  return url.replace(/^git\+/, '').replace(/\.git$/, '');
};

it.each(PACKAGES)('gives %s a repository with its folder and a homepage', (name) => {
  const { repository, homepage, bugs } = manifest(name);
  expect(repository?.type).toBe('git');
  expect(repository?.url).toMatch(/^git\+https:\/\/github\.com\/[\w.-]+\/[\w.-]+\.git$/);
  expect(repository?.url).toBe(`git+${repositoryUrl()}.git`);
  expect(repository?.directory).toBe(`packages/${name}`);
  expect(homepage).toBe(`${repositoryUrl()}/tree/main/packages/${name}#readme`);
  expect(bugs?.url).toBe(`${repositoryUrl()}/issues`);
});

// The gate's README is its whole guide: a tarball user may not reach the repository's pages.
const LINKING = ['petstore-mock', 'petstore-contract'] as const;

it.each(LINKING)(
  'links every guide the %s README names to a guide it ships or a repository file',
  (name) => {
    const readme = readFileSync(join(ROOT, 'packages', name, 'README.md'), 'utf8');
    expect(readme).not.toMatch(/repository's `?docs\//);
    const links = [...readme.matchAll(/\]\(([^)]+)\)|<(https:[^>]+)>/g)].map(
      ([, link, bare]) => link ?? bare ?? '',
    );
    expect(links.length).toBeGreaterThan(0);
    const shipped = GUIDES[name] ?? [];
    for (const link of links) {
      if (link.startsWith('https://github.com/')) {
        expect(link.startsWith(`${repositoryUrl()}/`), link).toBe(true);
        const file = (link.split(/\/(?:blob|tree)\/main\//)[1] ?? '').split('#')[0] ?? '';
        expect(existsSync(join(ROOT, file)), `${link} names no file of the repository`).toBe(true);
      } else {
        const file = link.split('#')[0] ?? '';
        expect(file.startsWith('docs/') && shipped.includes(file.slice(5)), link).toBe(true);
      }
    }
  },
);

it('keeps the petstore-gate README whole: no page a tarball user cannot open, no checkout path', () => {
  const readme = readFileSync(join(ROOT, 'packages', 'petstore-gate', 'README.md'), 'utf8');
  expect(readme).not.toMatch(/github\.com|\]\((?!#)[^)]*\)/);
  expect(readme).not.toMatch(/npm run |gate\/stages|docs\/|\.github\/workflows|spec\/openapi/);
  // Every command the README runs is the installed one, never the registry's.
  const runs = [...readme.matchAll(/npx (--no-install )?petstore-gate/g)];
  expect(runs.length).toBeGreaterThan(0);
  expect(runs.every(([, noInstall]) => noInstall !== undefined)).toBe(true);
});
