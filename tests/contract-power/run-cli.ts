/**
 * Runs the real petstore-contract command against a base URL and returns its exit
 * code and output: the bundle its package ships (contract-command.ts), or the checkout's
 * `npm run contract` where a test is about that command (it alone can start the mock).
 */
import { runProcess } from '../../lib/run-process.ts';
import { contractBundle } from './contract-command.ts';

const CHECKOUT_BIN = new URL('../../scripts/bin/petstore-contract.js', import.meta.url).pathname;

/** The environment of the parent without vitest's own variables or earlier PETSTORE_* ones. */
const cleanEnv = () =>
  Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(VITEST|PETSTORE_|TEST$|NODE_OPTIONS$)/.test(k)),
  );

/**
 * How long a file's set-up may take to run all its CLI runs before it counts as hung: a
 * guard, not a speed figure. 900 s was overrun at load ~20 on two cores with three files at
 * a time (issue 43); quiet, contract-power.test.ts took 283 s.
 */
export const HOOK_TIMEOUT_MS = 1_800_000;

type CliRun = { code: number | null; output: string };

async function runBin(
  bin: string,
  args: string[],
  timeoutMs: number,
  cwd?: string,
): Promise<CliRun> {
  const { code, output } = await runProcess(process.execPath, [bin, ...args], {
    baseEnv: cleanEnv(),
    env: { NO_COLOR: '1', FORCE_COLOR: '0' },
    timeoutMs,
    cwd,
  });
  return { code, output };
}

/**
 * Runs the installed package's `petstore-contract` (its bundle) with the given arguments (in
 * `cwd`); resolves with exit code and combined output.
 */
export async function runContractCli(args: string[], timeoutMs = 120_000, cwd?: string) {
  return runBin(await contractBundle(), args, timeoutMs, cwd);
}

/** The same with the checkout's `npm run contract`, for the tests of that command itself. */
export function runCheckoutContractCli(args: string[], timeoutMs = 120_000, cwd?: string) {
  return runBin(CHECKOUT_BIN, args, timeoutMs, cwd);
}

/** Runs tasks with at most `width` at a time, keeping their order in the results. */
export async function inPool<T, R>(
  items: readonly T[],
  width: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: width }, lane));
  return results;
}
