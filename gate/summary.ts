/** Formats the gate's closing summary: one line per stage and the overall verdict. */
import type { StageResult, StageStatus } from './stage.ts';
import type { GateVerdict } from './verdict.ts';

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** How the summary table and the step summary name a stage's result. */
export const STATUS_WORDS: Record<StageStatus, string> = {
  passed: 'passed',
  failed: 'FAILED',
  'no-verdict': 'NO VERDICT',
  skipped: 'skipped',
};

/** `2 passed (lint, contract), 1 skipped (prism)`: the stages by how they ended. */
export function stageCounts(results: readonly StageResult[]): string {
  const named = (status: StageStatus, word: string) => {
    const stages = results.filter((r) => r.status === status).map((r) => r.stage);
    return stages.length === 0 ? [] : [`${stages.length} ${word} (${stages.join(', ')})`];
  };
  return [
    ...named('failed', 'failed'),
    ...named('no-verdict', 'without a verdict'),
    ...named('passed', 'passed'),
    ...named('skipped', 'skipped'),
  ].join(', ');
}

/** The summary table and the verdict line, ready to print. */
export function formatSummary(
  results: readonly StageResult[],
  totalMs: number,
  verdict: GateVerdict,
): string {
  const rows = results.map((r) => [
    r.stage,
    STATUS_WORDS[r.status],
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
  return [
    line(header),
    line(widths.map((w) => '-'.repeat(Math.min(w, 40)))),
    ...rows.map(line),
    '',
    `gate ${verdict.words}: ${stageCounts(results)} in ${seconds(totalMs)} (exit ${verdict.code})`,
    ...(verdict.why ? [`  ${verdict.why}`] : []),
  ].join('\n');
}

/** Folds `{key, reason}` pairs into one line per reason: `reason: listPets 400, getPet 405`. */
export function groupByReason(items: { key: string; reason: string }[], prefix: string): string[] {
  const byReason = new Map<string, string[]>();
  for (const { key, reason } of items) byReason.set(reason, [...(byReason.get(reason) ?? []), key]);
  return [...byReason].map(([reason, keys]) => `${prefix} (${reason}): ${keys.join(', ')}`);
}
