/**
 * Formats the gate's closing summary: the verdict first (with the causes behind a NOT
 * CONFORMANT one), one line per stage, then the notes, none of them a failure.
 */
import type { Level } from '../spec/levels.ts';
import { causesLine, gateCauses } from './causes.ts';
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

/**
 * The verdict line (and why), the causes behind the findings, and the summary table,
 * ready to print: a green run reads green first.
 */
export function formatSummary(
  results: readonly StageResult[],
  totalMs: number,
  verdict: GateVerdict,
  level: Level = 'interface',
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
    `gate ${verdict.words}: ${stageCounts(results)} in ${seconds(totalMs)} (exit ${verdict.code})`,
    // NOT CONFORMANT: the causes say what the count of findings would.
    ...(verdict.code === 1 ? causeLines(results, level) : verdict.why ? [`  ${verdict.why}`] : []),
    '',
    line(header),
    line(widths.map((w) => '-'.repeat(Math.min(w, 40)))),
    ...rows.map(line),
  ].join('\n');
}

/** The causes of a NOT CONFORMANT run, each with what the later stages saw again of it. */
function causeLines(results: readonly StageResult[], level: Level): string[] {
  const causes = gateCauses(results, level);
  return [
    `  ${causesLine(results, level)}:`,
    ...causes.map(({ finding, seenAgain }, i) => {
      const again = [...new Set(seenAgain.map((f) => f.stage))].map(
        (stage) => `${stage} ${seenAgain.filter((f) => f.stage === stage).length}`,
      );
      const name = finding.rule ? `${finding.rule}: ${finding.title}` : finding.title;
      const seen = again.length > 0 ? ` (seen again by ${again.join(', ')})` : '';
      return `    ${i + 1}. ${finding.stage}: ${name}${seen}`;
    }),
  ];
}

/**
 * The notes of the stages (what a stage left out or could not check, and why), none of them
 * a failure: printed after the verdict, so that a green run does not open with them.
 */
export function notesLines(results: readonly StageResult[]): string[] {
  const notes = results.flatMap((r) =>
    r.details.filter(isNote).map((line) => `  ${r.stage}: ${line}`),
  );
  return notes.length === 0 ? [] : ['Notes, none of them a failure:', ...notes];
}

/** A stage's detail that is a note, not part of a failure's account (a replay command). */
export const isNote = (detail: string) => !detail.startsWith('replay: ');

/** Folds `{key, reason}` pairs into one line per reason: `reason: listPets 400, getPet 405`. */
export function groupByReason(items: { key: string; reason: string }[], prefix: string): string[] {
  const byReason = new Map<string, string[]>();
  for (const { key, reason } of items) byReason.set(reason, [...(byReason.get(reason) ?? []), key]);
  return [...byReason].map(([reason, keys]) => `${prefix} (${reason}): ${keys.join(', ')}`);
}
