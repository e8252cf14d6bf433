/**
 * `npm run bench:hostile`: the suite and the gate against each hostile server, their peak
 * resident memory (process tree) and time against issue 42's goals (bench/hostile-memory.ts).
 */
import { fileURLToPath } from 'node:url';
import { formatHostileTable, GOALS_MIB, measureHostile } from '../bench/hostile-memory.ts';
import { TRAITS, type Trait } from '../bench/hostile-servers.ts';
import { listFlag, runCommand } from './cli.ts';

const HELP = `Usage: npm run bench:hostile -- [--traits LIST] [--commands contract,gate]

Runs petstore-contract (--depth quick --read-only) and petstore-gate (--read-only, lint
skipped) against each hostile server, one trait each (bench/hostile-servers.ts; bombs
inflate to 512 MiB), and prints each run's exit code, the peak resident memory of its whole
process tree (sampled from /proc every 100 ms) and its time, against the goals: the suite
under ${GOALS_MIB.contract} MiB, the gate under ${GOALS_MIB.gate} MiB, every run ending by itself.

  --traits LIST     comma-separated, of: ${TRAITS.join(', ')} (default: all)
  --commands LIST   contract, gate or both (default both)
  -h, --help        show this text`;

const ROOT = fileURLToPath(new URL('..', import.meta.url));

runCommand(
  {
    name: 'bench:hostile',
    help: HELP,
    flags: { traits: { type: 'string' }, commands: { type: 'string' } } as const,
  },
  async (values) => {
    const traits = values.traits === undefined ? TRAITS : listFlag('traits', values.traits, TRAITS);
    const commands =
      values.commands === undefined
        ? (['contract', 'gate'] as const)
        : listFlag('commands', values.commands, ['contract', 'gate'] as const);
    const runs = await measureHostile({ root: ROOT, traits: traits as readonly Trait[], commands });
    console.log(formatHostileTable(runs));
    const over = runs.filter((r) => r.peakMiB >= GOALS_MIB[r.command] || r.exit === null);
    return over.length === 0 ? 0 : 1;
  },
);
