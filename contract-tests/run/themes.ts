/**
 * The themes of a run: the suite files that may create animals, in the order they run, which
 * share --max-creates fairly (harness/budget.ts). A theme that creates less than its share
 * leaves the rest to those after it, so listing one that creates nothing costs no place; the
 * strict files, last in the order, are themes at strict level only.
 */
import { readdirSync } from 'node:fs';
import type { Level } from '../../spec/levels.ts';
import type { Depth } from './depth.ts';

const SUITE = new URL('../suite/', import.meta.url);
/**
 * The files that only read: the first (suite/0-empty-start.contract.ts), declared-pages and
 * the last (suite/whole-run.contract.ts). A last file kept as a theme would hold a share of
 * the budget that no file after it could use.
 */
const READS_ONLY = new Set(['0-empty-start', 'declared-pages', 'whole-run']);

/** The suite files by name (createPet for createPet.contract.ts), in run order (file-order.ts). */
export const suiteFiles = (): string[] =>
  readdirSync(SUITE)
    .filter((file) => file.endsWith('.contract.ts'))
    .sort((a, b) => a.localeCompare(b))
    .map((file) => file.replace(/\.contract\.ts$/, ''));

/** The themes sharing the creation budget of a run at `level`. */
export const creatingThemes = (level: Level): string[] =>
  suiteFiles().filter(
    (name) => !READS_ONLY.has(name) && (level === 'strict' || !name.startsWith('strict-')),
  );

/**
 * How many animals a full run creates, by depth and level, measured against this project's
 * mock (which stores every valid creation): what --max-creates would need for nothing to be
 * skipped. tests/contract-power/json-result.test.ts measures them again (all but `full`, whose
 * every form in every authentication state takes minutes: measured by hand, 2026-11-28).
 */
export const FULL_RUN_CREATIONS: Record<Depth, Record<Level, number>> = {
  quick: { interface: 215, strict: 234 },
  default: { interface: 279, strict: 293 },
  deep: { interface: 664, strict: 677 },
  full: { interface: 683, strict: 696 },
};
