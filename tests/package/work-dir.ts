/**
 * Vitest global setup: one empty folder per test run for the packed and installed package,
 * handed to the test files with `provide`, so they share one `npm pack` (installed.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where installed.ts packs and installs the package during this test run. */
    packageWorkDir: string;
  }
}

/** Creates the folder before the test files run, and removes it after. */
export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'petstore-package-'));
  project.provide('packageWorkDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
