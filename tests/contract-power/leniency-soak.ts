/**
 * Runs the contract suite several times in a row against each lenient reference server of
 * the catalogue (leniencies.ts) while every core is kept busy (tests/real-servers/busy-cores.ts),
 * each run with its own seed, and prints how each run ended. It lives beside the catalogue it
 * drives (scripts/ may not import tests/), so it prints with process.stdout.write.
 */
import { parseArgs } from 'node:util';
import { busyCores } from '../real-servers/busy-cores.ts';
import { LENIENCIES, type Leniency } from './leniencies.ts';
import { REFERENCE_KEY, startReferenceServer } from './reference-server.ts';
import { runContractCli } from './run-cli.ts';

const HELP = `Usage: npx tsx tests/contract-power/leniency-soak.ts [--runs N] [--only NAME,...] [--seed N]

Runs petstore-contract (--depth quick, interface level) N times in a row against each lenient
reference server of the catalogue while every core is kept busy, run i with seed N+i (printed,
to replay one with --seed), and prints how each run ended: passed, or FAILED with the rules it
named (a false alarm: the check that failed is wrong).

  --runs N        runs per server (default 3)
  --only NAMES    these leniencies only, comma-separated (default: all ${Object.keys(LENIENCIES).length})
  --seed N        the first run's seed (default 42, as leniency.test.ts)
  --help          this text

Exit 0 when every run passed, 1 otherwise, 2 for bad arguments.
`;

const print = (text: string) => process.stdout.write(`${text}\n`);

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    only: { type: 'string' },
    seed: { type: 'string', default: '42' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  print(HELP);
  process.exit(0);
}
const runs = Number(values.runs);
const seed = Number(values.seed);
const names = (values.only?.split(',') ?? Object.keys(LENIENCIES)) as Leniency[];
const unknown = names.filter((n) => !(n in LENIENCIES));
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(seed) || unknown.length > 0) {
  process.stderr.write(
    `--runs and --seed must be integers (runs from 1)${unknown.length ? `; no leniency ${unknown.join(', ')}` : ''}\n\n${HELP}`,
  );
  process.exit(2);
}

/** The rule ids a grouped summary names (`1. create-400 (interface rule): …`). */
const rulesBroken = (output: string) =>
  [...output.matchAll(/^\d+\. ([a-z0-9-]+) \(/gm)].map((m) => m[1] as string);

let bad = 0;
const stop = await busyCores();
try {
  for (const leniency of names) {
    for (let i = 0; i < runs; i++) {
      const server = await startReferenceServer({ leniency });
      const started = Date.now();
      try {
        const args = ['--base-url', server.baseUrl, '--api-key', REFERENCE_KEY];
        const run = await runContractCli([...args, '--seed', String(seed + i), '--depth', 'quick']);
        const rules = rulesBroken(run.output);
        const verdict = run.code === 0 ? 'passed' : 'FAILED';
        if (verdict === 'FAILED') bad++;
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        print(
          `${verdict.padEnd(6)} ${leniency.padEnd(34)} run ${i + 1}/${runs} seed ${seed + i} exit ${run.code} ${seconds} s ${rules.join(', ')}`,
        );
        if (verdict === 'FAILED') print(run.output.split('\n').slice(-40).join('\n'));
      } finally {
        await server.close();
      }
    }
  }
} finally {
  await stop();
}
print(
  `${names.length * runs - bad} of ${names.length * runs} runs as expected with the cores busy`,
);
process.exit(bad === 0 ? 0 : 1);
