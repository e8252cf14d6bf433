#!/usr/bin/env node
// The `petstore-mock` command: registers tsx so the TypeScript CLI runs without a build.
import { register } from 'tsx/esm/api';

register();
await import('../mock.ts');
