/**
 * The app's end-to-end command (`--e2e CMD`) as the traffic stage runs it: through the shell,
 * in a process group of its own, with the proxy's address and key in its environment, stopped
 * (the whole group) when the stage's time runs out, its output kept to say how it ended.
 */
import { startProcess } from '../../lib/process.ts';

/** How the command ended. */
export type CommandRun = {
  /** Its exit code (null when a signal ended it). */
  code: number | null;
  signal: string | null;
  /** Whether the gate stopped it when the stage's time ran out. */
  timedOut: boolean;
  /** Why it could not start at all (no shell, a working folder that is not there). */
  startFailed?: string;
  durationMs: number;
  /** Its last lines of output (stdout and stderr as they came), for a person to read. */
  lastLines: string[];
};

const KEPT_CHARS = 64 * 1024;
const LAST_LINES = 20;
// How long a command stopped at the deadline has to end before its group is killed.
const STOP_GRACE_MS = 5_000;

/** The last `count` non-empty lines of `output`, ANSI colours removed. */
export function lastLinesOf(output: string, count = LAST_LINES): string[] {
  return (
    output
      // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colour codes
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split(/\r?\n/)
      .map((line) => line.trimEnd())
      .filter((line) => line.trim() !== '')
      .slice(-count)
  );
}

/** Runs `command` with `env` added to the gate's own environment, until it ends or `deadline`. */
export async function runCommand(
  command: string,
  options: { env: Record<string, string>; deadline: number; cwd?: string },
): Promise<CommandRun> {
  const started = Date.now();
  const child = startProcess('/bin/sh', ['-c', command], {
    env: options.env,
    keepChars: KEPT_CHARS,
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
  });
  let timedOut = false;
  const timer = setTimeout(
    () => {
      timedOut = true;
      void child.stop(STOP_GRACE_MS);
    },
    Math.max(0, options.deadline - started),
  );
  const exit = await child.exited;
  clearTimeout(timer);
  const output = child.output();
  const startFailed = /^could not start \/bin\/sh: (.*)$/m.exec(child.stderr())?.[1];
  return {
    code: exit.code,
    signal: exit.signal,
    timedOut,
    ...(startFailed === undefined ? {} : { startFailed }),
    durationMs: Date.now() - started,
    lastLines: lastLinesOf(output),
  };
}

/** How the command ended, in words: `exited 0 after 34.2 s`, `failed (exit 1) after 3.1 s`. */
export function runText(run: CommandRun): string {
  const after = `after ${(run.durationMs / 1000).toFixed(1)} s`;
  if (run.startFailed !== undefined) return `could not start: ${run.startFailed}`;
  if (run.timedOut)
    return `was stopped when the stage's time ran out, ${after} (--timeout / --stage-timeout)`;
  if (run.code === 0) return `exited 0 ${after}`;
  return run.code === null
    ? `was ended by ${run.signal} ${after}`
    : `failed (exit ${run.code}) ${after}`;
}

/** Whether the command ended well (exit 0, within its time). */
export const succeeded = (run: CommandRun): boolean =>
  run.code === 0 && !run.timedOut && run.startFailed === undefined;
