/**
 * The guides a package ships in its `docs/` folder, so that every link of its README and of
 * `--help` resolves from an install (node_modules/NAME/docs/…). A link of a guide to a file
 * the package does not ship becomes that file's address in the repository; links between
 * shipped guides stay relative.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
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
  'petstore-contract': [],
  'petstore-gate': [],
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
