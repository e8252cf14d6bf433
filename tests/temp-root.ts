/**
 * Vitest global setup: one temporary folder for the whole run, where lib/temp-dirs.ts puts the
 * folders tests and their tools make (workers inherit its path), removed once the run ends:
 * vitest stops its workers without their exit handlers, so they cannot remove their own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEMP_ROOT_VARIABLE } from '../lib/temp-dirs.ts';

/** Every project runs it; the first one makes the folder and removes it at the end. */
export default function setup(): (() => void) | undefined {
  if (process.env[TEMP_ROOT_VARIABLE]) return undefined;
  const root = mkdtempSync(join(tmpdir(), 'petstore-tests-'));
  process.env[TEMP_ROOT_VARIABLE] = root;
  return () => {
    rmSync(root, { recursive: true, force: true });
    delete process.env[TEMP_ROOT_VARIABLE];
  };
}
