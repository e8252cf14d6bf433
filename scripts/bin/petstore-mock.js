#!/usr/bin/env node
// The `petstore-mock` command: runs scripts/mock.ts bundled by esbuild (dist/mock.mjs) on
// plain node, with no TypeScript loader at run time. Installed, it runs the bundle the
// package ships (built by prepack); in a checkout it first builds the bundle when it is
// missing or older than its sources.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const checkout = existsSync(new URL('../mock.ts', import.meta.url));
if (checkout) {
  const { ensureMockBundle } = await import('../../build/mock-bundle.js');
  await import(pathToFileURL(await ensureMockBundle()).href);
} else {
  await import('../../dist/mock.mjs');
}
