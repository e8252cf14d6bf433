#!/usr/bin/env node
// The `petstore-contract` command. Installed, it runs dist/contract.mjs (built by prepack) on
// plain node, and vitest runs the suite's TypeScript files; in a checkout it runs
// scripts/contract.ts through tsx. The suite needs vitest and fast-check, optional peer
// dependencies: without them the command says how to add them.
import { existsSync, readFileSync } from 'node:fs';

const wantsRun = !process.argv.includes('--help') && !process.argv.includes('-h');
if (wantsRun) {
  const missing = ['vitest', 'fast-check'].filter((name) => {
    try {
      import.meta.resolve(name);
      return false;
    } catch {
      return true;
    }
  });
  if (missing.length > 0) {
    const { peerDependencies } = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    );
    const install = missing.map((name) => `${name}@${peerDependencies[name]}`).join(' ');
    console.error(
      `petstore-contract: the contract suite runs on ${missing.join(' and ')}, not installed here; add ${missing.length > 1 ? 'them' : 'it'} with: npm i -D ${install}`,
    );
    process.exit(2);
  }
}

if (existsSync(new URL('../contract.ts', import.meta.url))) {
  // Vitest is loaded first, outside tsx's hooks, which would otherwise see (and slow down)
  // each of its several hundred modules; the CLI's own import of it then hits the cache.
  const { register } = await import('tsx/esm/api');
  if (wantsRun) await import('vitest/node');
  register();
  await import('../contract.ts');
} else {
  await import('../../dist/contract.mjs');
}
