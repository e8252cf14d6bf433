/** Starts Prism (`prism proxy` or `prism mock`) as a child process and waits until it listens. */
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { startChild, stopChild } from './child-process.ts';
import { binPath } from './paths.ts';

/** A running Prism: its origin, what it printed so far, and how to stop it. */
export type RunningPrism = { origin: string; output(): string; stop(): Promise<void> };

/** Asks the OS for a free loopback port (bind to 0, read the port, release it). */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const stopped = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('close', () => resolve());
    stopChild(child);
  });

/** Runs `prism <args> --host H --port P`; resolves once it listens, passing its log to `onOutput`. */
export function startPrism(
  args: string[],
  host: string,
  port: number,
  timeoutMs = 60_000,
  onOutput: (text: string) => void = () => {},
): Promise<RunningPrism> {
  const child = startChild(binPath('prism'), [...args, '--host', host, '--port', String(port)]);
  let output = '';
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const running: RunningPrism = { origin, output: () => output, stop: () => stopped(child) };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void running.stop();
      reject(new Error(`prism ${args[0]} did not start within ${timeoutMs / 1000} s:\n${output}`));
    }, timeoutMs);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      onOutput(chunk.toString());
      if (output.includes('Prism is listening')) {
        clearTimeout(timer);
        resolve(running);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.on('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`prism ${args[0]} exited with code ${code} before listening:\n${output}`));
    });
  });
}
