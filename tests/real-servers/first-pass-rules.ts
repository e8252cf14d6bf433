/**
 * What the live judge's panel files compare against: the rule ids the contract suite names
 * for a framework's first pass, read from that framework's test file so the two cannot
 * drift, and a service for each variant (conforming ones shared by the run, first passes
 * fresh, since a first pass may break under others' traffic in ways its own test does not
 * expect).
 */
import { readFileSync } from 'node:fs';
import { panelService } from './panel.ts';
import { type ServiceName, startService } from './services.ts';

/** The frameworks of the panel, as their test files are named. */
export const FRAMEWORKS = [
  'fastapi',
  'express',
  'go',
  'flask',
  'fastify',
  'sinatra',
  'php',
] as const;

/** The rule ids the suite names for a framework's first pass, as its test file lists them. */
export function firstPassRules(framework: string): string[] {
  const source = readFileSync(new URL(`./${framework}.test.ts`, import.meta.url), 'utf8');
  const list = /expectFirstPassFails\([^[]*\[([\s\S]*?)\]\);/.exec(source)?.[1] ?? '';
  const code = list.replace(/\/\/.*$/gm, '');
  return [...code.matchAll(/'([a-z0-9-]+)'/g)].map((m) => m[1] as string);
}

/** The rule ids of the departures of one side, each once. */
export const rulesOf = <D extends { side: string; rule: string }>(found: D[], side: D['side']) => [
  ...new Set(found.filter((d) => d.side === side).map((d) => d.rule)),
];

/** A service reached for one test: its base URL and key, and how to let it go. */
export async function serviceFor(name: ServiceName) {
  if (!name.endsWith('-first-pass')) return { ...(await panelService(name)), stop: async () => {} };
  const service = await startService(name);
  return { ...service, stop: () => service.process.stop() };
}
