/**
 * Runs the standalone mock (scripts/mock.ts) as a real child process, so a test can SIGKILL it
 * or watch it refuse to start. Node runs the script itself (`--import tsx`), not the tsx CLI,
 * because the tsx CLI forwards to a grandchild that a SIGKILL of the parent would orphan.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SCRIPT = 'scripts/mock.ts';
const ORIGIN_IN_OUTPUT = /http:\/\/127\.0\.0\.1:(\d+)/;

/** A running mock process and the origin it listens on. */
export interface MockProcess {
  child: ChildProcess;
  origin: string;
  output(): string;
}

const spawnMock = (args: string[], nodeFlags: string[] = []) =>
  spawn(
    process.execPath,
    [...nodeFlags, '--import', 'tsx', SCRIPT, '--host', '127.0.0.1', '--port', '0', ...args],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );

/** Starts the CLI and resolves once it prints the address it listens on. */
export function startMockProcess(args: string[], nodeFlags: string[] = []): Promise<MockProcess> {
  const child = spawnMock(args, nodeFlags);
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`mock did not start within 40 s; output:\n${output}`));
    }, 40_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const port = ORIGIN_IN_OUTPUT.exec(output)?.[1];
      if (port !== undefined && port !== '0') {
        clearTimeout(timer);
        resolve({ child, origin: `http://127.0.0.1:${port}`, output: () => output });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`mock exited (${code ?? signal}) before listening; output:\n${output}`));
    });
  });
}

/** What a CLI run that ended by itself produced. */
export interface CliOutcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the CLI expecting it to refuse to start; if it starts listening instead, or hangs past
 * `timeoutMs`, it is killed and the outcome shows a signal rather than an exit code.
 */
export function runMockToExit(args: string[], timeoutMs = 40_000): Promise<CliOutcome> {
  const child = spawnMock(args);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
    if (ORIGIN_IN_OUTPUT.test(stdout)) child.kill('SIGKILL');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** Kills the process with SIGKILL and waits until it is gone. */
export function killHard(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}
