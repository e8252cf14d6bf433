/**
 * Vitest global setup of the panel: starts the service broker (panel-broker.ts) in a child
 * process and hands its URL to the test files, so a run starts each framework service once,
 * not once per file (panel.ts). The run's end stops the broker and every service it started.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where panel.ts asks for a shared service of the panel: `GET {url}/NAME`. */
    panelServices: string;
  }
}

const BROKER = fileURLToPath(new URL('./panel-broker.ts', import.meta.url));

/** Starts the broker before the files run; the returned function stops it and its services. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const broker = fork(BROKER, { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const exited = new Promise((resolve) => broker.once('exit', resolve));
  const url = await new Promise<string>((resolve, reject) => {
    broker.once('message', (message) => resolve((message as { url: string }).url));
    broker.once('exit', (code) => reject(new Error(`the panel's broker exited with ${code}`)));
  });
  project.provide('panelServices', url);
  return async () => {
    if (broker.connected) broker.send('stop');
    let timer: NodeJS.Timeout | undefined;
    const stopped = await Promise.race([
      exited.then(() => true),
      new Promise((resolve) => {
        timer = setTimeout(resolve, 30_000, false);
      }),
    ]);
    clearTimeout(timer);
    if (!stopped) broker.kill('SIGKILL');
  };
}
