/** Formats the gate's closing summary: one line per stage and the overall verdict. */
import type { StageResult } from './stage.ts';

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** The overall verdict: passed when every stage that ran passed (stages skipped by flag aside). */
export const gatePassed = (results: StageResult[]): boolean =>
  results.some((r) => r.status === 'passed') && results.every((r) => r.status !== 'failed');

/** The summary table, ready to print. */
export function formatSummary(results: StageResult[], totalMs: number): string {
  const rows = results.map((r) => [
    r.stage,
    r.status === 'passed' ? 'passed' : r.status === 'failed' ? 'FAILED' : 'skipped',
    r.status === 'skipped' ? '-' : seconds(r.durationMs),
    r.summary,
  ]);
  const header = ['stage', 'result', 'time', 'what was checked'];
  const widths = header.map((h, i) =>
    Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)))
      .join('  ');
  const named = (status: StageResult['status']) => {
    const stages = results.filter((r) => r.status === status).map((r) => r.stage);
    return stages.length === 0 ? [] : [`${stages.length} ${status} (${stages.join(', ')})`];
  };
  const counts = [...named('failed'), ...named('passed'), ...named('skipped')].join(', ');
  // Passing with checks left out (a stage skipped, --max-creates) vouches for what ran only.
  const partial = results.some((r) => r.status === 'skipped' || (r.untested?.length ?? 0) > 0);
  const verdict = gatePassed(results) ? (partial ? 'PASSED as far as tested' : 'PASSED') : 'FAILED';
  return [
    line(header),
    line(widths.map((w) => '-'.repeat(Math.min(w, 40)))),
    ...rows.map(line),
    '',
    `gate ${verdict}: ${counts} in ${seconds(totalMs)}`,
  ].join('\n');
}

/** Folds `{key, reason}` pairs into one line per reason: `reason: listPets 400, getPet 405`. */
export function groupByReason(items: { key: string; reason: string }[], prefix: string): string[] {
  const byReason = new Map<string, string[]>();
  for (const { key, reason } of items) byReason.set(reason, [...(byReason.get(reason) ?? []), key]);
  return [...byReason].map(([reason, keys]) => `${prefix} (${reason}): ${keys.join(', ')}`);
}
