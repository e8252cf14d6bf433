/** The gate's own version (its package's) and the interface version its spec carries. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openapiDocument } from '../spec/document.gen.ts';
import { repoRoot } from './tools.ts';

/** The version of the interface the gate checks: the spec's `info.version`. */
export const interfaceVersion: string = String(
  (openapiDocument as { info?: { version?: unknown } }).info?.version ?? 'unknown',
);

/**
 * The petstore-gate package's version: its package.json, beside the bundle's mirror once
 * installed (dist/src/../../package.json), or under packages/ in a checkout.
 */
export function gateVersion(): string {
  const candidates = [
    join(repoRoot, '..', '..', 'package.json'),
    join(repoRoot, 'packages', 'petstore-gate', 'package.json'),
  ];
  for (const file of candidates) {
    try {
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (manifest.name === 'petstore-gate' && manifest.version) return manifest.version;
    } catch {
      // Not this layout: try the next.
    }
  }
  return 'unknown';
}
