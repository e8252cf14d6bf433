/**
 * `petstore-contract --help`, docs/contract.md and the code say the same numbers: the help
 * text and the guide are read here and their figures compared with the constants the run uses.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { MAX_RETRIES, MAX_WAIT_SECONDS } from '../contract-tests/client/http.ts';
import {
  DEFAULT_CONCURRENCY,
  DEFAULT_SEED,
  DEPTH_SETTINGS,
  DEPTHS,
} from '../contract-tests/run/depth.ts';

const BIN = new URL('./bin/petstore-contract.js', import.meta.url).pathname;
const help = execFileSync(process.execPath, [BIN, '--help'], { encoding: 'utf8' }).replace(
  /\s+/g,
  ' ',
);
const guide = readFileSync(new URL('../docs/contract.md', import.meta.url), 'utf8').replace(
  /\s+/g,
  ' ',
);
const figure = (text: string, pattern: RegExp) => Number(pattern.exec(text)?.[1]);

it('says in --help the defaults and throttling limits the run uses', () => {
  expect(figure(help, /--concurrency N requests in flight at once \(default (\d+)\)/)).toBe(
    DEFAULT_CONCURRENCY,
  );
  expect(figure(help, /seed of the generated cases \(default (\d+)\)/)).toBe(DEFAULT_SEED);
  expect(/the depth's: ([\d, ]+)\)/.exec(help)?.[1]).toBe(
    DEPTHS.map((d) => DEPTH_SETTINGS[d].runs).join(', '),
  );
  expect(figure(help, /Retry-After \(at most (\d+) s/)).toBe(MAX_WAIT_SECONDS);
  expect(figure(help, /up to (\d+) times; still throttled/)).toBe(MAX_RETRIES);
});

it('says in docs/contract.md the same figures', () => {
  expect(figure(guide, /requests in flight at once \(default (\d+);/)).toBe(DEFAULT_CONCURRENCY);
  expect(/generated cases per property \(([\d, ]+)\)/.exec(guide)?.[1]).toBe(
    DEPTHS.map((d) => DEPTH_SETTINGS[d].runs).join(', '),
  );
  expect(figure(guide, /at most (\d+) s, longer each time it recurs/)).toBe(MAX_WAIT_SECONDS);
  expect(figure(guide, /each time it recurs, up to (\d+) times\)/)).toBe(MAX_RETRIES);
  expect(figure(guide, /a 429 is waited out \(its `Retry-After`, at most (\d+) s/)).toBe(
    MAX_WAIT_SECONDS,
  );
  expect(figure(guide, /at most \d+ s, (\d+) times\), never judged/)).toBe(MAX_RETRIES);
});
