/**
 * Whether a test is running, as opposed to a set-up hook: vitest's `expect.soft` only works
 * in a test. The suite's setup file (test-scope.setup.ts) marks each test's start and end.
 */
const scope = globalThis as { petstoreContractInTest?: boolean };

/** Called by the setup file's hooks around every test. */
export function markTest(running: boolean): void {
  scope.petstoreContractInTest = running;
}

/** True while a test (not a beforeAll or afterAll hook) runs. */
export const inTest = (): boolean => scope.petstoreContractInTest === true;
