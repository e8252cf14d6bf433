#!/usr/bin/env node
// The petstore-contract command: registers tsx so that Node 20 runs the TypeScript CLI.
import { register } from 'tsx/esm/api';

register();
await import('../contract.ts');
