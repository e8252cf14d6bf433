/**
 * A frontend team's own app and Playwright suite, run as they would run it: the example app
 * the packed petstore-mock ships (examples/sample-app/, from tests/package/sample-app/, which
 * docs/testing.md shows whole) copied out of the installed package into a project with Vite,
 * React and @playwright/test, `npx petstore-mock` left running, and the app's suite run three
 * times in a row against that one mock. The suite asserts what the app sent through the
 * journal and uses a fault matched by query with `after`.
 */
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../../lib/ports.ts';
import { CHROMIUM_PATH, skipReason } from '../browser/harness.ts';
import { type Installed, installDev, installedPackage, installedVersion } from './installed.ts';
import { inProject } from './projects.ts';
import { type ShippedMock, startShippedMock } from './shipped-mock.ts';

const SKIP = skipReason();

let installed: Installed;
let project: string;
let mock: ShippedMock | undefined;

beforeAll(async () => {
  if (SKIP) return;
  installed = await installedPackage();
  project = join(installed.mock, '..', 'sample-app');
  await cp(installed.mock, project, { recursive: true, verbatimSymlinks: true });
  await installDev(project, [
    `@playwright/test@${await installedVersion('@playwright/test')}`,
    `vite@${await installedVersion('vite')}`,
    // The React the checkout builds the app with (the panel's proxy test, npm create vite's 19).
    `react@${await installedVersion('react')}`,
    `react-dom@${await installedVersion('react-dom')}`,
  ]);
  // As the guide says: the example out of the installed package.
  await cp(join(project, 'node_modules/petstore-mock/examples/sample-app'), project, {
    recursive: true,
  });
}, 900_000);

afterAll(async () => {
  await mock?.process.stop();
});

/** One run of the app's suite, as its team types it, against the mock on `mockPort`. */
async function runSuite(mockPort: number) {
  const env: Record<string, string> = {
    MOCK_PORT: String(mockPort),
    APP_PORT: String(await freePort()),
    CHROMIUM_PATH,
  };
  return inProject(project, 'npx', ['playwright', 'test', '--reporter', 'list'], 240_000, env);
}

it('passes its Playwright suite three runs in a row against one petstore-mock left running', {
  timeout: 900_000,
}, async (test) => {
  test.skip(SKIP !== undefined, SKIP);
  const port = await freePort();
  mock = await startShippedMock('npx petstore-mock', { project, args: ['--port', String(port)] });
  for (const run of [1, 2, 3]) {
    const result = await runSuite(port);
    expect(result.code, `run ${run}:\n${result.output}`).toBe(0);
    expect(result.output, `run ${run}`).toMatch(/\b6 passed\b/);
  }
  // Every run used the mock left running: it holds a session for each test of the three runs
  // that used it (the four of pets.spec.ts; per-worker.spec.ts starts mocks of its own).
  const live = (await (await fetch(`${mock.origin}/__mock/sessions`)).json()) as {
    sessions: { id: string }[];
  };
  expect(live.sessions).toHaveLength(3 * 4);
});
