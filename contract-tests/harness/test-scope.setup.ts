/**
 * Setup file of the suite's vitest config. Vitest evaluates it before every suite file, so
 * these hooks wrap every test of every file.
 */
import { aroundEach, beforeAll, expect } from 'vitest';
import { learnNameLimit } from './names.ts';
import { runAsTest } from './test-scope.ts';

// The name limit is learned by creating animals: after the file that must see the server
// before any creation (0-empty-start), before every other.
beforeAll(async () => {
  const path = expect.getState().testPath ?? '';
  if (!/0-empty-start\.contract\.ts$/.test(path)) await learnNameLimit();
});

aroundEach((runTest, context) => runAsTest(context, runTest));
