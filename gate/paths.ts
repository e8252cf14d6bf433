/** Where the gate finds the project's files and the tools installed beside it. */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (the folder holding package.json). */
export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** The spec every stage checks against. */
export const specPath = join(repoRoot, 'spec', 'openapi.yaml');

/** The path of an installed command-line tool (`node_modules/.bin/NAME`). */
export const binPath = (name: string): string => join(repoRoot, 'node_modules', '.bin', name);
