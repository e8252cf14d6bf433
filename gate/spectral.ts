/**
 * Spectral in this process, as `spectral lint` would run it. The gate bundles Spectral rather
 * than installing its command: Spectral's packages bring @scarf/scarf, whose install script
 * reports every install, and a bundle runs no install script.
 */
import type { ISpectralDiagnostic, RulesetDefinition } from '@stoplight/spectral-core';
// Spectral's packages are CommonJS whose exports Node's ES loader cannot list: their default
// import (module.exports) works in Node, in vitest and in the gate's bundle alike.
import core from '@stoplight/spectral-core';
import parsers from '@stoplight/spectral-parsers';
import rulesets from '@stoplight/spectral-rulesets';

/** One finding, in the fields `spectral lint --format json` prints. */
export type SpectralFinding = Pick<
  ISpectralDiagnostic,
  'code' | 'message' | 'path' | 'severity' | 'source' | 'range'
>;

const { Document, Spectral } = core;

/**
 * Lints one document (a server's published OpenAPI, JSON or YAML) with Spectral's `oas`
 * ruleset alone: what every OpenAPI document should be, not this project's own house rules.
 */
export async function lintWithOas(text: string, source: string): Promise<SpectralFinding[]> {
  const spectral = new Spectral();
  spectral.setRuleset(
    new core.Ruleset({ extends: [rulesets.oas] } as RulesetDefinition, { source }),
  );
  return spectral.run(new Document(text, parsers.Yaml, source));
}
