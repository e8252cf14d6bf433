/** Where the gate finds the project's files and the tools installed beside it, and how it runs them. */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RunningProcess, startProcess } from '../lib/process.ts';
import { type ProcessResult, runProcess } from '../lib/run-process.ts';
import type { Level } from '../spec/levels.ts';

/**
 * The folder holding spec/, gate/ and .spectral.yaml: the repository root in a checkout,
 * the mirror of those files inside the installed petstore-gate package.
 */
export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** The spec as written: the interface and our decisions (the strict level). */
export const specPath = join(repoRoot, 'spec', 'openapi.yaml');

/** The spec at a level: the interface level is generated from it by `npm run gen`. */
export const specPathAt = (level: Level): string =>
  level === 'strict' ? specPath : join(repoRoot, 'spec', 'openapi.interface.yaml');

/**
 * The path of an installed command-line tool: `node_modules/.bin/NAME` in the nearest folder
 * up from here that has it (the checkout's root; installed, the package's own node_modules
 * or the project's, wherever npm put the gate's dependencies).
 */
export function binPath(name: string): string {
  for (let dir = repoRoot; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', '.bin', name);
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return join(repoRoot, 'node_modules', '.bin', name);
  }
}

// The gate reads the tools' output, so it asks them for no colour codes.
const plain = { NO_COLOR: '1', FORCE_COLOR: '0' };

/** Starts an installed tool from the repository root, in its own process group. */
export function startTool(
  name: string,
  args: string[],
  env: Record<string, string> = {},
): RunningProcess {
  return startProcess(binPath(name), args, { cwd: repoRoot, env: { ...plain, ...env } });
}

/** Runs an installed tool from the repository root to its end or its time limit. */
export function runTool(
  name: string,
  args: string[],
  options: { timeoutMs: number; env?: Record<string, string> },
): Promise<ProcessResult> {
  return runProcess(binPath(name), args, {
    cwd: repoRoot,
    env: { ...plain, ...options.env },
    timeoutMs: options.timeoutMs,
  });
}
