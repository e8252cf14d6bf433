import { expect, it } from 'vitest';
import type { ContractRun } from '../contract-tests/run/run.ts';
import { FULL_RUN_CREATIONS } from '../contract-tests/run/themes.ts';
import { creationsForeword, holdingNotes, notesBlock } from './contract-notes.ts';

it('holds the suite’s notes and skips, with their file, for after the verdict', async () => {
  const shown: string[] = [];
  const held = holdingNotes({ write: (text: string) => shown.push(text) });
  // As the reporter prints them: a line per file, its notes and skips under it.
  const lines = [
    '  - 0-empty-start          4 checks, 4 skipped (0.1 s)',
    '      skipped: answers 200 with an empty array for an empty catalogue: not observable here',
    '  ✓ whole-run              4 checks (0.2 s)',
    '      note: lists the run’s animals: 46 of 136 animals … not judged',
    '',
  ];
  for (const line of lines) held.stream.write(`${line}\n`);
  await new Promise((resolve) => held.stream.end(resolve));
  expect(shown.join('')).toBe(
    '  - 0-empty-start          4 checks, 4 skipped (0.1 s)\n  ✓ whole-run              4 checks (0.2 s)\n\n',
  );
  expect(notesBlock(held.notes)).toEqual([
    '',
    'Notes, none of them a failure (what this run did not judge here, and why):',
    '  0-empty-start: skipped: answers 200 with an empty array for an empty catalogue: not observable here',
    '  whole-run: note: lists the run’s animals: 46 of 136 animals … not judged',
  ]);
  expect(notesBlock([])).toEqual([]);
});

it('says before the run how many animals it may leave on the server', () => {
  const run = {
    level: 'interface',
    depth: 'default',
    runId: 'ct1',
    readOnly: false,
  } as ContractRun;
  expect(creationsForeword(run)).toMatch(
    new RegExp(
      `^It may create about ${FULL_RUN_CREATIONS.default.interface} animals, named ct1-\\* .*which the server keeps \\(the interface has no delete\\); --max-creates N bounds that`,
    ),
  );
  expect(creationsForeword({ ...run, maxCreates: 20 })).toMatch(/^It creates at most 20 animals/);
  expect(creationsForeword({ ...run, readOnly: true })).toBe(
    'It creates no animals (--read-only).',
  );
});
