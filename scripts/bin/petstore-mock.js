#!/usr/bin/env node
// `npm run mock` in a checkout: scripts/mock.ts bundled by esbuild (dist/mock.mjs) and run on
// plain node, with no TypeScript loader at run time, as the installed petstore-mock runs its
// own bundle. The bundle is built first when it is missing or older than its sources.
import { pathToFileURL } from 'node:url';
import { ensureMockBundle } from '../../build/mock-bundle.js';

await import(pathToFileURL(await ensureMockBundle()).href);
