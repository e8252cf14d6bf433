/**
 * The contract suite's power: the real CLI, at interface level, must catch every
 * deliberately broken reference server (exit 1) and pass every unusual but
 * conforming one (exit 0).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REFERENCE_KEY, startReferenceServer } from './reference-server.ts';
import { inPool, runContractCli } from './run-cli.ts';
import { CONFORMING, FAULTS, type Fault, type Variant } from './variants.ts';

type Case = { name: string; expected: 0 | 1; fault?: Fault; variant?: Variant; args?: string[] };

const cases: Case[] = [
  ...FAULTS.map((fault): Case => ({ name: `broken: ${fault}`, expected: 1, fault })),
  ...Object.entries(CONFORMING).map(
    ([name, c]): Case => ({ name: `conforming: ${name}`, expected: 0, ...c }),
  ),
];
const results = new Map<string, { code: number | null; output: string }>();

beforeAll(async () => {
  await inPool(cases, 2, async (c) => {
    const server = await startReferenceServer({ fault: c.fault, variant: c.variant });
    try {
      const args = [
        '--base-url',
        server.baseUrl,
        '--api-key',
        REFERENCE_KEY,
        '--seed',
        '42',
        '--depth',
        'quick',
        ...(c.args ?? []),
      ];
      results.set(c.name, await runContractCli(args));
    } finally {
      await server.close();
    }
  });
}, 900_000);

afterAll(() => {
  const caught = cases.filter((c) => c.expected === 1 && results.get(c.name)?.code === 1).length;
  const passed = cases.filter((c) => c.expected === 0 && results.get(c.name)?.code === 0).length;
  const broken = cases.filter((c) => c.expected === 1).length;
  process.stdout.write(
    `contract power: caught ${caught}/${broken} broken servers, passed ${passed}/${cases.length - broken} conforming ones\n`,
  );
});

for (const c of cases) {
  it(`${c.expected === 1 ? 'fails' : 'passes'} the ${c.name} reference server`, () => {
    const result = results.get(c.name);
    const tail = result?.output.split('\n').slice(-60).join('\n');
    expect(result?.code, tail).toBe(c.expected);
  });
}
