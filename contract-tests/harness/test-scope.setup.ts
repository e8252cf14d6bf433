/**
 * Setup file of the suite's vitest config. Vitest evaluates it before every suite file, so
 * these hooks wrap every test of every file.
 */
import { afterEach, beforeEach } from 'vitest';
import { markTest } from './test-scope.ts';

beforeEach((context) => markTest(context));
afterEach(() => markTest(undefined));
