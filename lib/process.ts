/**
 * Child processes the project starts (tools, servers, its own commands). Each leads its own
 * process group, so stopping it also stops what it started (npx, Prism's workers); its
 * output is kept; and every one still running is stopped when this process is interrupted
 * or exits, since Ctrl-C does not reach another group.
 */
import { type ChildProcess, spawn } from 'node:child_process';

/** How a process ended: its exit code, or the signal that ended it. */
export type Exit = { code: number | null; signal: NodeJS.Signals | null };

/** How to start a process. */
export type StartOptions = {
  cwd?: string;
  /** Variables added to the environment. */
  env?: Record<string, string>;
  /** The environment to start from (default: this process's own). */
  baseEnv?: NodeJS.ProcessEnv;
  /** Keeps only the last N characters of output, for a chatty long-running server. */
  keepChars?: number;
};

/** A started process: what it printed so far, its end, and how to stop it. */
export type RunningProcess = {
  child: ChildProcess;
  /** stdout and stderr together, in the order they arrived. */
  output(): string;
  stdout(): string;
  stderr(): string;
  /** Resolves once it has exited and closed its output (never rejects). */
  exited: Promise<Exit>;
  /** Whether it has exited (its output may still be closing). */
  done(): boolean;
  /** Sends a signal to its whole process group. */
  signal(signal: NodeJS.Signals): void;
  /** SIGTERM to the group, SIGKILL after `graceMs`; resolves once it has exited. */
  stop(graceMs?: number): Promise<Exit>;
};

const running = new Set<RunningProcess>();

/** Stops every process still running (SIGTERM to each group), e.g. on Ctrl-C. */
export function stopAllProcesses(signal: NodeJS.Signals = 'SIGTERM'): void {
  for (const process of running) process.signal(signal);
}

let watching = false;
function stopAllWhenInterrupted(): void {
  if (watching) return;
  watching = true;
  process.once('exit', () => stopAllProcesses());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopAllProcesses();
      // Listening replaced Node's default of ending the process: restore it unless the
      // program has a handler of its own (which then decides how to exit).
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    });
  }
}

/** Starts a command in its own process group with its output piped and kept. */
export function startProcess(
  command: string,
  args: string[],
  options: StartOptions = {},
): RunningProcess {
  stopAllWhenInterrupted();
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...(options.baseEnv ?? process.env), ...options.env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const kept = { output: '', stdout: '', stderr: '' };
  const keep = (stream: 'stdout' | 'stderr', text: string) => {
    const limit = options.keepChars;
    const add = (old: string) => (limit === undefined ? old + text : (old + text).slice(-limit));
    kept.output = add(kept.output);
    kept[stream] = add(kept[stream]);
  };
  child.stdout?.on('data', (chunk: Buffer) => keep('stdout', chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => keep('stderr', chunk.toString()));
  child.on('error', (error) => keep('stderr', `could not start ${command}: ${error.message}\n`));
  let ended = false;
  let exitSeen = false;
  child.once('exit', () => {
    exitSeen = true;
  });
  const exited = new Promise<Exit>((resolve) => {
    child.once('close', (code, signal) => {
      ended = true;
      running.delete(started);
      resolve({ code, signal });
    });
  });
  const signal = (name: NodeJS.Signals) => {
    if (ended || child.pid === undefined) return;
    try {
      process.kill(-child.pid, name);
    } catch {
      child.kill(name);
    }
  };
  const started: RunningProcess = {
    child,
    output: () => kept.output,
    stdout: () => kept.stdout,
    stderr: () => kept.stderr,
    exited,
    done: () => exitSeen || ended,
    signal,
    async stop(graceMs = 10_000) {
      signal('SIGTERM');
      const timer = setTimeout(() => signal('SIGKILL'), graceMs);
      const exit = await exited;
      clearTimeout(timer);
      return exit;
    },
  };
  running.add(started);
  return started;
}
