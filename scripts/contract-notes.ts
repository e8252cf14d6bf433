/**
 * What the contract command says around the suite's own lines: before the run, how many
 * animals it may leave on the server; during it, the file lines without their notes and
 * skips, which it holds; after the verdict, those notes, none of them a failure, so that a
 * green run reads green first.
 */
import { Writable } from 'node:stream';
import { isNoteLine } from '../contract-tests/report/reporter.ts';
import type { ContractRun } from '../contract-tests/run/run.ts';
import { FULL_RUN_CREATIONS } from '../contract-tests/run/themes.ts';

/** The notes held back from the suite's lines, said after the verdict: none is a failure. */
export const notesBlock = (notes: readonly string[]) =>
  notes.length === 0
    ? []
    : ['', 'Notes, none of them a failure (what this run did not judge here, and why):', ...notes];

/**
 * The suite's lines as they come, but for its notes and skips (reporter.ts isNoteLine): those
 * are held, each with its suite file, for the end, so that a green run reads green first.
 */
export function holdingNotes(out: { write(text: string): unknown }): {
  stream: Writable;
  notes: string[];
} {
  const notes: string[] = [];
  let file = '';
  let partial = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        const fileLine = /^ {2}[✓×-] (\S+)/.exec(line);
        if (fileLine) file = fileLine[1] ?? '';
        if (isNoteLine(line)) notes.push(`  ${file}: ${line.trim()}`);
        else out.write(`${line}\n`);
      }
      done();
    },
  });
  return { stream, notes };
}

/** What the run may leave on the server, said before it starts: the interface has no delete. */
export function creationsForeword(run: ContractRun): string {
  if (run.readOnly) return 'It creates no animals (--read-only).';
  if (run.maxCreates !== undefined)
    return `It creates at most ${run.maxCreates} animals (--max-creates): checks that need more are skipped, and the summary names them.`;
  return `It may create about ${FULL_RUN_CREATIONS[run.depth][run.level]} animals, named ${run.runId}-* (and the catalogue's generated names), which the server keeps (the interface has no delete); --max-creates N bounds that (checks that need more are skipped, and said so), --read-only creates none.`;
}
