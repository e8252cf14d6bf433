/**
 * Temporary folders for tests and the tools they start. Under vitest they go in the run's own
 * folder (tests/temp-root.ts), removed when the run ends; elsewhere in the system's, removed
 * when the process exits normally. A test that forgets its folder does not leave it behind
 * after every run (the Go builds alone were 6.5 MB each).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The environment variable naming the test run's temporary folder. */
export const TEMP_ROOT_VARIABLE = 'PETSTORE_TEST_TMP';

const made: string[] = [];

/** A new folder named `prefix` and random letters, removed with the run or the process. */
export function testTempDir(prefix: string): string {
  const root = process.env[TEMP_ROOT_VARIABLE];
  if (root) return mkdtempSync(join(root, prefix));
  if (made.length === 0)
    process.once('exit', () => {
      for (const dir of made) rmSync(dir, { recursive: true, force: true });
    });
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}
