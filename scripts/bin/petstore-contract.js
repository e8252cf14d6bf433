#!/usr/bin/env node
// `npm run contract` in a checkout: scripts/contract.ts through tsx, which (unlike the
// installed petstore-contract) starts the mock when no --base-url is given.
const wantsRun = !process.argv.includes('--help') && !process.argv.includes('-h');
// Vitest is loaded first, outside tsx's hooks, which would otherwise see (and slow down)
// each of its several hundred modules; the CLI's own import of it then hits the cache.
const { register } = await import('tsx/esm/api');
if (wantsRun) await import('vitest/node');
register();
await import('../contract.ts');
