#!/usr/bin/env node
// The petstore-contract command: registers tsx so that Node 20 runs the TypeScript CLI.
// Vitest is loaded first, outside tsx's hooks, which would otherwise see (and slow down)
// each of its several hundred modules; the CLI's own import of it then hits the cache.
import { register } from 'tsx/esm/api';

const wantsRun = !process.argv.includes('--help') && !process.argv.includes('-h');
if (wantsRun) await import('vitest/node');
register();
await import('../contract.ts');
