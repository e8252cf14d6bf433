#!/usr/bin/env node
// The `petstore-mock` command: runs scripts/mock.ts bundled by esbuild on plain node (no
// TypeScript loader at run time), building the bundle first when it is missing or stale.
import { pathToFileURL } from 'node:url';
import { ensureMockBundle } from './mock-bundle.js';

await import(pathToFileURL(await ensureMockBundle()).href);
