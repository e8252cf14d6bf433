/**
 * The leniency catalogue (leniencies.ts): servers that keep the interface while reading or
 * answering one thing as a common framework or gateway does, where the interface is silent.
 * Each is first shown to do what it says (leniency-probes.ts), which the plain reference
 * server does not; then the real CLI, at interface level and quick depth with a fixed seed,
 * must pass it (exit 0). A check that fails one of them is a false alarm.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LENIENCIES, type Leniency } from './leniencies.ts';
import { send } from './leniency-probe.ts';
import { PROBES } from './leniency-probes.ts';
import { REFERENCE_KEY, startReferenceServer } from './reference-server.ts';
import { HOOK_TIMEOUT_MS, inPool, runContractCli } from './run-cli.ts';

type Result = { code: number | null; output: string; rules: string[]; seconds: number };

const names = Object.keys(LENIENCIES) as Leniency[];
const results = new Map<Leniency, Result>();

/** The rule ids a grouped summary names (`1. create-400 (interface rule): …`). */
const rulesBroken = (output: string) =>
  [...output.matchAll(/^\d+\. ([a-z0-9-]+) \(/gm)].map((m) => m[1] as string);

/** What a probe of `leniency` sees on a fresh server (nothing when it shows the leniency). */
async function probe(leniency: Leniency, lenient: boolean): Promise<string | undefined> {
  const server = await startReferenceServer(lenient ? { leniency } : {});
  const origin = new URL(server.baseUrl).origin;
  try {
    return await PROBES[leniency]((sent) => send(origin, sent), origin);
  } finally {
    await server.close();
  }
}

beforeAll(async () => {
  await inPool(names, 2, async (leniency) => {
    const server = await startReferenceServer({ leniency });
    const started = Date.now();
    try {
      const run = await runContractCli([
        ...['--base-url', server.baseUrl, '--api-key', REFERENCE_KEY],
        ...['--seed', '42', '--depth', 'quick'],
      ]);
      const seconds = (Date.now() - started) / 1000;
      results.set(leniency, { ...run, rules: rulesBroken(run.output), seconds });
    } finally {
      await server.close();
    }
  });
}, HOOK_TIMEOUT_MS);

afterAll(() => {
  const passed = names.filter((n) => results.get(n)?.code === 0);
  const lines = names.map((n) => {
    const r = results.get(n);
    const verdict = r?.code === 0 ? 'passed' : 'FAILED';
    return `  ${verdict} ${n.padEnd(34)} ${r?.seconds.toFixed(1).padStart(5)} s ${r?.rules.join(', ') ?? ''}`;
  });
  process.stdout.write(
    `leniency catalogue: passed ${passed.length}/${names.length} lenient servers\n${lines.join('\n')}\n`,
  );
});

it('lists every leniency in docs/contract-power.md', async () => {
  const doc = await readFile(new URL('../../docs/contract-power.md', import.meta.url), 'utf8');
  const section = doc.slice(doc.indexOf('## Leniency catalogue'), doc.indexOf('## Broken Link'));
  expect(section).toMatch(new RegExp(`^## Leniency catalogue \\(${names.length}\\)$`, 'm'));
  const rows = [...section.matchAll(/^\| `([^`]+)` \|.*\| passed \|$/gm)].map((m) => m[1]);
  expect(rows).toEqual(names);
});

for (const leniency of names) {
  it(`shows the leniency ${leniency}, which the plain reference server does not`, async () => {
    expect(await probe(leniency, true)).toBeUndefined();
    expect(await probe(leniency, false)).toBeDefined();
  });

  it(`passes the lenient reference server ${leniency}`, () => {
    const result = results.get(leniency);
    const tail = result?.output.split('\n').slice(-60).join('\n');
    expect(result?.code, tail).toBe(0);
    expect(result?.output).toMatch(/^Finished in \d+\.\d s \(exit [01]\)\.$/m);
  });
}
