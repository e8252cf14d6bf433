/**
 * Where a reader opens the spec a finding cites: the file this run read, in the checkout
 * (`spec/openapi.yaml`) or inside the installed package
 * (`node_modules/petstore-contract/dist/src/spec/openapi.yaml`), relative to the current
 * directory when it lies beneath it.
 */
import { isAbsolute, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const SPEC_FILE = fileURLToPath(new URL('../../spec/openapi.yaml', import.meta.url));

/** The spec's file as a reader in `cwd` opens it. */
export function specFile(cwd = process.cwd()): string {
  const near = relative(cwd, SPEC_FILE);
  return near.startsWith('..') || isAbsolute(near) ? SPEC_FILE : near.split(sep).join('/');
}

/** `FILE#pointer`: where the spec states what `pointer` names. */
export const specLocation = (pointer: string): string => `${specFile()}${pointer}`;
