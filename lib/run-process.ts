/** Runs a process to its end, or to a time limit, and returns its exit and output. */
import { type Exit, type RunningProcess, type StartOptions, startProcess } from './process.ts';

/** What a finished process left behind. */
export type ProcessResult = Exit & {
  stdout: string;
  stderr: string;
  /** stdout and stderr together, in the order they arrived. */
  output: string;
  timedOut: boolean;
};

/** Runs a command in its own process group; past `timeoutMs` the group is stopped. */
export async function runProcess(
  command: string,
  args: string[],
  options: StartOptions & { timeoutMs: number },
): Promise<ProcessResult> {
  const started = startProcess(command, args, options);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void started.stop(5_000);
  }, options.timeoutMs);
  const exit = await started.exited;
  clearTimeout(timer);
  return {
    ...exit,
    stdout: started.stdout(),
    stderr: started.stderr(),
    output: started.output(),
    timedOut,
  };
}

/**
 * Resolves with the first match of `pattern` in the process's output (e.g. the port a
 * server prints once it listens). Rejects, showing the output, when the process exits
 * first or `timeoutMs` passes; on time-out the process is stopped.
 */
export function waitForOutput(
  started: RunningProcess,
  pattern: RegExp,
  what: string,
  timeoutMs: number,
): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      started.child.stdout?.off('data', check);
      started.child.stderr?.off('data', check);
      outcome();
    };
    // startProcess keeps the output with listeners added before these, so it is current.
    const check = () => {
      const match = pattern.exec(started.output());
      if (match !== null) settle(() => resolve(match));
    };
    const timer = setTimeout(() => {
      void started.stop(5_000);
      const why = `${what} did not start within ${timeoutMs / 1000} s`;
      settle(() => reject(new Error(`${why}; its output:\n${started.output()}`)));
    }, timeoutMs);
    started.child.stdout?.on('data', check);
    started.child.stderr?.on('data', check);
    void started.exited.then((exit) => {
      check();
      const why = `${what} exited (${exit.code ?? exit.signal}) before it was ready`;
      settle(() => reject(new Error(`${why}; its output:\n${started.output()}`)));
    });
    check();
  });
}

/** The last non-empty lines of a tool's output, for a failure message that fits on a screen. */
export function tail(text: string, lines = 20): string[] {
  return text
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.length > 0)
    .slice(-lines);
}
