/**
 * The guides a package ships in its `docs/` folder, so that every link of its README and of
 * `--help` resolves from an install (node_modules/NAME/docs/…). A link of a guide to a file
 * the package does not ship becomes that file's address in the repository; links between
 * shipped guides stay relative. The example projects a guide shows go in `examples/`.
 */
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';

/** Where the repository's files are read on the web. */
export const REPOSITORY_FILES = 'https://github.com/petstore-tools/petstore/blob/main/';

/** The guides of docs/ a package ships, by package. */
export const GUIDES: Record<string, readonly string[]> = {
  'petstore-mock': [
    'testing.md',
    'profiles.md',
    'proxy.md',
    'proxy-departures.md',
    'consumer-contracts.md',
    'typed-client.md',
    'security.md',
    'scaling.md',
    'package.md',
    'decisions.md',
    'rules.md',
  ],
  'petstore-contract': ['contract.md'],
  'petstore-gate': [],
};

/**
 * The example projects a package ships in `examples/`, by package: each folder's name there
 * and the folder of this repository it is copied from, which the package tests run from the
 * installed package (docs/testing.md shows them whole).
 */
export const EXAMPLES: Record<string, Record<string, string>> = {
  'petstore-mock': {
    'sample-app': 'tests/package/sample-app',
    'vitest-recipes': 'tests/package/recipes',
  },
};

const LINK = /\]\(([^)\s]+)\)/g;

/** A guide's text with each relative link to a file outside `shipped` made a repository URL. */
export function rewriteLinks(text: string, guide: string, shipped: readonly string[]): string {
  return text.replace(LINK, (whole, target: string) => {
    if (/^[a-z]+:/i.test(target) || target.startsWith('#')) return whole;
    const [path = '', anchor] = target.split('#');
    const inRepository = normalize(join(dirname(`docs/${guide}`), path));
    const kept = inRepository.startsWith('docs/') && shipped.includes(inRepository.slice(5));
    if (kept) return whole;
    return `](${REPOSITORY_FILES}${inRepository}${anchor === undefined ? '' : `#${anchor}`})`;
  });
}

/** Writes a package's guides from `root`/docs into `into`/docs. */
export async function writeGuides(name: string, root: string, into: string): Promise<void> {
  const guides = GUIDES[name] ?? [];
  if (guides.length === 0) return;
  await mkdir(join(into, 'docs'), { recursive: true });
  for (const guide of guides) {
    const text = await readFile(join(root, 'docs', guide), 'utf8');
    await writeFile(join(into, 'docs', guide), rewriteLinks(text, guide, guides));
  }
}

/** Copies a package's example projects from `root` into `into`/examples. */
export async function writeExamples(name: string, root: string, into: string): Promise<void> {
  for (const [folder, source] of Object.entries(EXAMPLES[name] ?? {}))
    await cp(join(root, source), join(into, 'examples', folder), { recursive: true });
}
