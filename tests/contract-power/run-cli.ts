/**
 * Runs the real petstore-contract command against a base URL and returns its exit
 * code and output.
 */
import { spawn } from 'node:child_process';

const BIN = new URL('../../scripts/bin/petstore-contract.js', import.meta.url).pathname;

/** The environment of the parent without vitest's own variables or earlier PETSTORE_* ones. */
const cleanEnv = () =>
  Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(VITEST|PETSTORE_|TEST$|NODE_OPTIONS$)/.test(k)),
  );

/** Runs the CLI with the given arguments; resolves with exit code and combined output. */
export function runContractCli(
  args: string[],
  timeoutMs = 120_000,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { ...cleanEnv(), NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      output += d.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
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
