/**
 * The contract suite's power: the real CLI, at interface level and quick depth with a
 * fixed seed, must catch every deliberately broken reference server (exit 1, naming the
 * rules broken in a short report without stack traces) and pass every unusual but
 * conforming one (exit 0).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FAULTS, type Fault } from './faults.ts';
import { REFERENCE_KEY, startReferenceServer } from './reference-server.ts';
import { HOOK_TIMEOUT_MS, inPool, runContractCli } from './run-cli.ts';
import { CONFORMING, type Variant } from './variants.ts';

type Case = { name: string; expected: 0 | 1; fault?: Fault; variant?: Variant; args?: string[] };
type Result = { code: number | null; output: string; rules: string[]; seconds: number };

const cases: Case[] = [
  ...FAULTS.map((fault): Case => ({ name: fault, expected: 1, fault })),
  ...Object.entries(CONFORMING).map(([name, c]): Case => ({ name, expected: 0, ...c })),
];
const results = new Map<string, Result>();

// Faults of the store over time: only whole-run sees them, and its finding must say so; the
// faults written apart are each named by the check added for them.
const SHOWS: Partial<Record<Fault, string>> = {
  'store-keeps-latest-120': 'Created animals no longer found at the end of the run',
  'names-tidied-later': ', later in the run',
  'list-refiles-as-sold-later': 'An animal of the run listed under another status than its own',
  'wrong-types-converted': 'A status of the wrong type converted and stored',
  'not-found-cached': 'An animal read as absent before its creation is still 404 once created',
  'token-parsed-as-rails-does': 'for a form a token parser alters into the key',
};

/** The rule ids a grouped summary names (`1. created-echoes (interface rule): …`). */
const rulesBroken = (output: string) =>
  [...output.matchAll(/^\d+\. ([a-z0-9-]+) \(/gm)].map((m) => m[1] as string);

beforeAll(async () => {
  await inPool(cases, 2, async (c) => {
    const server = await startReferenceServer({ fault: c.fault, variant: c.variant });
    const started = Date.now();
    try {
      const args = ['--base-url', server.baseUrl, '--api-key', REFERENCE_KEY];
      const run = await runContractCli([
        ...args,
        '--seed',
        '42',
        '--depth',
        'quick',
        ...(c.args ?? []),
      ]);
      const seconds = (Date.now() - started) / 1000;
      results.set(c.name, { ...run, rules: rulesBroken(run.output), seconds });
    } finally {
      await server.close();
    }
  });
}, HOOK_TIMEOUT_MS);

afterAll(() => {
  const caught = cases.filter((c) => c.expected === 1 && results.get(c.name)?.code === 1);
  const passed = cases.filter((c) => c.expected === 0 && results.get(c.name)?.code === 0);
  const broken = cases.filter((c) => c.expected === 1).length;
  const lines = cases.map((c) => {
    const r = results.get(c.name);
    const verdict = r?.code === c.expected ? (c.expected ? 'caught' : 'passed') : 'WRONG';
    return `  ${verdict.padEnd(6)} ${c.name.padEnd(38)} ${r?.rules.join(', ') ?? ''}`;
  });
  process.stdout.write(
    `contract power: caught ${caught.length}/${broken} broken servers, passed ${passed.length}/${cases.length - broken} conforming ones\n${lines.join('\n')}\n`,
  );
});

for (const c of cases) {
  it(`${c.expected === 1 ? 'fails' : 'passes'} the ${c.expected ? 'broken' : 'conforming'} reference server ${c.name}`, () => {
    const result = results.get(c.name);
    const tail = result?.output.split('\n').slice(-60).join('\n');
    expect(result?.code, tail).toBe(c.expected);
    // One finding per cause: a fault names the rule it breaks, and at most two that break with it.
    if (c.expected === 1) expect(result?.rules.length, tail).toBeGreaterThan(0);
    if (c.expected === 1) expect(result?.rules.length, tail).toBeLessThanOrEqual(3);
    const shows = c.fault && SHOWS[c.fault];
    if (shows) expect(result?.output, tail).toContain(shows);
    // The report a backend developer reads: short, and without the test runner's insides.
    expect(result?.output.split('\n').length).toBeLessThan(250);
    expect(result?.output).not.toMatch(/^\s+at .*:\d+:\d+\)?$|❯|⎯⎯/m);
    expect(result?.output).toMatch(/^Finished in \d+\.\d s \(exit [01]\)\.$/m);
    // Every failure names the rule it breaks, a set-up's included (no runner error instead).
    expect(result?.output).not.toContain('failed without naming a rule');
  });
}
