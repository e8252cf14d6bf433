/**
 * The OWASP ruleset of Spectral, loaded through its CommonJS build: its ES module build
 * imports a name from @stoplight/spectral-core that Node cannot see in that CommonJS
 * package. The gate's bundle swaps this module for a plain import (build/package.ts).
 */
import { createRequire } from 'node:module';
import type { RulesetDefinition } from '@stoplight/spectral-core';

/** The ruleset `@stoplight/spectral-owasp-ruleset` names in a ruleset file's `extends`. */
export const owasp = createRequire(import.meta.url)(
  '@stoplight/spectral-owasp-ruleset',
) as RulesetDefinition;
