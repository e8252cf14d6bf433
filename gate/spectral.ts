/**
 * Spectral in this process, over the project's ruleset (`.spectral.yaml`), as `spectral lint`
 * would run it. The gate bundles Spectral rather than installing its command: Spectral's
 * packages bring @scarf/scarf, whose install script reports every install, and a bundle runs
 * no install script.
 */
import { readFile } from 'node:fs/promises';
import type { ISpectralDiagnostic, Ruleset, RulesetDefinition } from '@stoplight/spectral-core';
// Spectral's packages are CommonJS whose exports Node's ES loader cannot list: their default
// import (module.exports) works in Node, in vitest and in the gate's bundle alike.
import core from '@stoplight/spectral-core';
import functions from '@stoplight/spectral-functions';
import parsers from '@stoplight/spectral-parsers';
import rulesets from '@stoplight/spectral-rulesets';
import { parse } from 'yaml';
import { owasp } from './owasp-ruleset.ts';

/** One finding, in the fields `spectral lint --format json` prints. */
export type SpectralFinding = Pick<
  ISpectralDiagnostic,
  'code' | 'message' | 'path' | 'severity' | 'source' | 'range'
>;

// The rulesets and functions a ruleset file may name, as the command resolves them by name.
const { Document, Spectral } = core;
const RULESETS: Record<string, unknown> = {
  'spectral:oas': rulesets.oas,
  '@stoplight/spectral-owasp-ruleset': owasp,
};
const FUNCTIONS: Record<string, unknown> = { ...functions };

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Swaps the names a ruleset file uses (rulesets in `extends`, `then.function`) for the objects. */
function resolveNames(value: Json, key?: string): unknown {
  if (Array.isArray(value)) return value.map((item) => resolveNames(item, key));
  if (typeof value === 'string') {
    const table = key === 'extends' ? RULESETS : key === 'function' ? FUNCTIONS : undefined;
    if (!table) return value;
    const found = table[value];
    if (found === undefined) throw new Error(`the ruleset names ${value}, which the gate lacks`);
    return found;
  }
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveNames(v, k)]));
}

/** Loads a ruleset file; its `overrides` match files relative to its folder, as the command's do. */
export async function loadRuleset(path: string): Promise<Ruleset> {
  const definition = resolveNames(parse(await readFile(path, 'utf8')) as Json);
  return new core.Ruleset(definition as RulesetDefinition, { source: path });
}

/** Lints each spec file with the ruleset at `rulesetPath`; every finding, in file order. */
export async function lintSpecs(
  files: readonly string[],
  rulesetPath: string,
): Promise<SpectralFinding[]> {
  const spectral = new Spectral();
  spectral.setRuleset(await loadRuleset(rulesetPath));
  const found: SpectralFinding[] = [];
  for (const file of files) {
    const document = new Document(await readFile(file, 'utf8'), parsers.Yaml, file);
    found.push(...(await spectral.run(document)));
  }
  return found;
}
