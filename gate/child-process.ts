/** Runs the gate's tools as child processes, bounded in time, with their output kept. */
import { type ChildProcess, spawn } from 'node:child_process';
import { repoRoot } from './paths.ts';

/** What a finished child process left behind. */
export type ChildResult = {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
};

/** Options of `runChild`: a time limit and extra environment variables. */
export type ChildOptions = { timeoutMs: number; env?: Record<string, string> };

/** Stops a child and everything it started (it leads its own process group). */
export function stopChild(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    child.kill('SIGTERM');
  }
}

const running = new Set<ChildProcess>();

/** Stops every child still running (for a gate interrupted with Ctrl-C). */
export function stopAllChildren(): void {
  for (const child of running) stopChild(child);
}

/**
 * Starts a command in its own process group from the repository root, so that stopping
 * it also stops what it started (npx, Prism's workers). Ctrl-C does not reach such a
 * group: callers that can be interrupted call `stopAllChildren`.
 */
export function startChild(command: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('close', () => running.delete(child));
  return child;
}

/** Runs a command to its end (or its time limit) and returns its exit code and output. */
export function runChild(command: string, args: string[], options: ChildOptions) {
  return new Promise<ChildResult>((resolve) => {
    const child = startChild(command, args, options.env);
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const timer = setTimeout(() => {
      timedOut = true;
      stopChild(child);
    }, options.timeoutMs);
    child.on('error', (error) => {
      stderr += `could not start ${command}: ${error.message}\n`;
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, timedOut });
    });
  });
}

/** The last lines of a tool's output, for a failure message that fits on a screen. */
export function tail(text: string, lines = 20): string[] {
  return text
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.length > 0)
    .slice(-lines);
}
