/**
 * What the suite and the gate cost against hostile servers (hostile-servers.ts): each run of
 * the real command, its peak resident memory summed over its whole process tree (vitest's
 * worker, Prism, Dredd), sampled from /proc, and its time, beside the goals of issue 42
 * (suite under 512 MiB, gate under 768 MiB, every run ending within its --timeout).
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startMockServer } from '../mocks/testing/local-mock.ts';
import { type Hostile, startHostile, type Trait } from './hostile-servers.ts';

/** The goals: peak resident memory of each command's process tree, in MiB. */
export const GOALS_MIB = { contract: 512, gate: 768 } as const;

/** One measured run. */
export type HostileRun = {
  command: 'contract' | 'gate';
  trait: Trait;
  exit: number | null;
  peakMiB: number;
  seconds: number;
  /** The run's cause line: its last line naming why it stopped (or its verdict). */
  said: string;
};

/** Resident KiB of every process whose ancestry leads to `root`, itself included. */
function treeRssKiB(root: number): number {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {}
  }
  const inTree = (pid: number): boolean => {
    for (let p: number | undefined = pid, hops = 0; p && hops < 64; p = parents.get(p), hops++)
      if (p === root) return true;
    return false;
  };
  let sum = 0;
  for (const pid of parents.keys()) {
    if (!inTree(pid)) continue;
    try {
      const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      sum += Number(match?.[1] ?? 0);
    } catch {}
  }
  return sum;
}

/** Runs one command to its end, sampling its tree's memory every 100 ms. */
function measure(command: string, args: string[], cwd: string) {
  return new Promise<{ exit: number | null; peakKiB: number; ms: number; output: string }>(
    (resolve) => {
      const started = Date.now();
      const child = spawn(command, args, { cwd, env: { ...process.env, NO_COLOR: '1' } });
      let output = '';
      child.stdout.on('data', (c: Buffer) => {
        output += c.toString();
      });
      child.stderr.on('data', (c: Buffer) => {
        output += c.toString();
      });
      let peakKiB = 0;
      const timer = setInterval(() => {
        if (child.pid) peakKiB = Math.max(peakKiB, treeRssKiB(child.pid));
      }, 100);
      child.on('close', (exit) => {
        clearInterval(timer);
        resolve({ exit, peakKiB, ms: Date.now() - started, output });
      });
    },
  );
}

const CAUSE = /could not test: .*|no verdict.*|NOT CONFORMANT.*|CONFORMANT.*|Finished in .*/g;

/**
 * Runs each command against each trait (bombs inflating to `bombBytes`) from `root`, the
 * repository, and returns what each cost.
 */
export async function measureHostile({
  root,
  traits,
  commands = ['contract', 'gate'],
  bombBytes = 512 * 1024 * 1024,
}: {
  root: string;
  traits: readonly Trait[];
  commands?: readonly ('contract' | 'gate')[];
  bombBytes?: number;
}): Promise<HostileRun[]> {
  const mock = await startMockServer({ port: 0, quiet: true });
  let hostile: Hostile | undefined;
  const runs: HostileRun[] = [];
  try {
    hostile = await startHostile(mock.origin, { bombBytes });
    for (const command of commands)
      for (const trait of traits) {
        const common = [
          ...['--base-url', hostile.baseUrl(trait), '--api-key', mock.apiKeys[0] ?? ''],
          // The deep JSON comes in a 201: that trait needs creations, the others none.
          ...(trait === 'deep-json' ? ['--max-creates', '5'] : ['--read-only']),
          ...['--request-timeout', '8', '--timeout', '200'],
        ];
        const [bin, args] =
          command === 'contract'
            ? [
                process.execPath,
                [join(root, 'scripts/bin/petstore-contract.js'), ...common, '--depth', 'quick'],
              ]
            : [
                join(root, 'node_modules/.bin/tsx'),
                [join(root, 'scripts/gate.ts'), ...common, '--skip', 'lint'],
              ];
        const { exit, peakKiB, ms, output } = await measure(bin, args, root);
        const said = [...output.matchAll(CAUSE)].map((m) => m[0]).slice(0, 1)[0] ?? '';
        runs.push({
          command,
          trait,
          exit,
          peakMiB: Math.round(peakKiB / 1024),
          seconds: Math.round(ms / 100) / 10,
          said: said.slice(0, 140),
        });
      }
  } finally {
    await hostile?.close();
    await mock.close();
  }
  return runs;
}

/** The runs as a table, each against its goal. */
export function formatHostileTable(runs: readonly HostileRun[]): string {
  const rows = runs.map((r) => {
    const goal = GOALS_MIB[r.command];
    const mark = r.peakMiB < goal ? 'ok' : 'OVER';
    return `| ${r.command} | ${r.trait} | ${r.exit} | ${r.peakMiB} MiB (${mark}, goal < ${goal}) | ${r.seconds} s | ${r.said} |`;
  });
  return [
    '| command | trait | exit | peak RSS, process tree | time | said |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}
