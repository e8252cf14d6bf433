/**
 * Server processes for the benchmark: each server runs in its own child process (pinned to
 * one core when asked), is timed from spawn to its first successful response, and is read
 * for resident memory from /proc.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { startProcess } from '../lib/process.ts';

/** A running server process: where it answers, how long it took to answer, how to stop it. */
export type ServerProcess = {
  origin: string;
  pid: number;
  startupMs: number;
  stop(): Promise<void>;
};

/** How to start one server: the command and arguments, given a port. */
export type ServerCommand = {
  command: string;
  args: string[];
  cwd?: string;
  env?: Record<string, string>;
};

/** Whether `taskset` can pin processes here (Linux with util-linux and at least two cores). */
export function canPin(cores: number): boolean {
  if (cores < 2) return false;
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Pins every thread of this process to one core (the load generator's core). */
export function pinSelf(core: number): void {
  execFileSync('taskset', ['-a', '-p', '-c', String(core), String(process.pid)], {
    stdio: 'ignore',
  });
}

/** Resident memory of a process in MiB, from VmRSS in /proc/PID/status; undefined off Linux. */
export function residentMiB(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

// Linux reports process CPU time in clock ticks of 1/100 s (USER_HZ) on every common platform.
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds (user + system, all threads) a process has used so far, from /proc/PID/stat;
 * undefined off Linux. Per request, this is steadier than req/s on a shared machine.
 */
export function cpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name; utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/**
 * Waits until a process stops using CPU by itself (under 5 % of a core over two 250 ms
 * samples), e.g. after work a server deferred past its first answer; resolves with the
 * milliseconds waited, or gives up after `timeoutMs`.
 */
export async function waitUntilIdle(pid: number, timeoutMs = 120_000): Promise<number> {
  const started = performance.now();
  let quiet = 0;
  let last = cpuSeconds(pid);
  while (last !== undefined && quiet < 2 && performance.now() - started < timeoutMs) {
    await sleep(250);
    const now = cpuSeconds(pid);
    if (now === undefined) break;
    quiet = now - last < 0.0125 ? quiet + 1 : 0;
    last = now;
  }
  return performance.now() - started;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function answers(url: string, headers: Record<string, string>): Promise<boolean> {
  try {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(1000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Spawns a server and waits until `probePath` answers 2xx; `startupMs` runs from spawn to that
 * answer. Fails with the process's last output if it exits or stays silent for `timeoutMs`.
 */
export async function startServer(options: {
  name: string;
  port: number;
  spawn: ServerCommand;
  probePath: string;
  headers: Record<string, string>;
  pinCore?: number;
  timeoutMs?: number;
}): Promise<ServerProcess> {
  const { command, args, cwd, env } = options.spawn;
  const pinned = options.pinCore === undefined ? [] : ['taskset', '-c', String(options.pinCore)];
  const argv = [...pinned, command, ...args];
  const started = performance.now();
  const server = startProcess(argv[0] as string, argv.slice(1), { cwd, env, keepChars: 2000 });
  const origin = `http://127.0.0.1:${options.port}`;
  const deadline = started + (options.timeoutMs ?? 60_000);
  while (!(await answers(origin + options.probePath, options.headers))) {
    if (server.done() || performance.now() > deadline) {
      server.signal('SIGKILL');
      throw new Error(
        `${options.name} did not answer GET ${options.probePath} with 2xx (command: ${argv.join(' ')}); its last output:\n${server.output()}`,
      );
    }
    await sleep(5);
  }
  const startupMs = performance.now() - started;
  return {
    origin,
    pid: server.child.pid as number,
    startupMs,
    async stop() {
      await server.stop(10_000);
    },
  };
}
