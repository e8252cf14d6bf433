/**
 * Runs the standalone mock (scripts/mock.ts) as a real child process, so a test can SIGKILL it
 * or watch it refuse to start. Node runs the script itself (`--import tsx`), not the tsx CLI,
 * so that the process killed is the server itself, not a parent forwarding to it.
 */
import { fileURLToPath } from 'node:url';
import { type Exit, type RunningProcess, startProcess } from '../../lib/process.ts';
import { waitForOutput } from '../../lib/run-process.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SCRIPT = 'scripts/mock.ts';
const ORIGIN_IN_OUTPUT = /http:\/\/127\.0\.0\.1:([1-9]\d*)/;

/** A running mock process and the origin it listens on. */
export interface MockProcess {
  process: RunningProcess;
  origin: string;
  output(): string;
}

const spawnMock = (args: string[], nodeFlags: string[] = []) =>
  startProcess(
    process.execPath,
    [...nodeFlags, '--import', 'tsx', SCRIPT, '--host', '127.0.0.1', '--port', '0', ...args],
    { cwd: ROOT },
  );

/** Starts the CLI and resolves once it prints the address it listens on. */
export async function startMockProcess(
  args: string[],
  nodeFlags: string[] = [],
): Promise<MockProcess> {
  const mock = spawnMock(args, nodeFlags);
  const [, port] = await waitForOutput(mock, ORIGIN_IN_OUTPUT, 'mock', 40_000);
  return { process: mock, origin: `http://127.0.0.1:${port}`, output: mock.output };
}

/** What a CLI run that ended by itself produced. */
export type CliOutcome = Exit & { stdout: string; stderr: string };

/**
 * Runs the CLI expecting it to refuse to start; if it starts listening instead, or hangs past
 * `timeoutMs`, it is killed and the outcome shows a signal rather than an exit code.
 */
export async function runMockToExit(args: string[], timeoutMs = 40_000): Promise<CliOutcome> {
  const mock = spawnMock(args);
  await waitForOutput(mock, ORIGIN_IN_OUTPUT, 'mock', timeoutMs).then(
    () => mock.signal('SIGKILL'),
    () => {},
  );
  const exit = await mock.exited;
  return { ...exit, stdout: mock.stdout(), stderr: mock.stderr() };
}

/** Kills the mock with SIGKILL and waits until it is gone. */
export async function killHard(mock: MockProcess): Promise<void> {
  mock.process.signal('SIGKILL');
  await mock.process.exited;
}
