/** Starts Prism (`prism proxy` or `prism mock`) as a child process and waits until it listens. */
import { waitForOutput } from '../lib/run-process.ts';
import { startTool } from './tools.ts';

/** A running Prism: its origin, what it printed so far, and how to stop it. */
export type RunningPrism = { origin: string; output(): string; stop(): Promise<void> };

/** Runs `prism <args> --host H --port P`; resolves once it listens, passing its log to `onOutput`. */
export async function startPrism(
  args: string[],
  host: string,
  port: number,
  timeoutMs = 60_000,
  onOutput: (text: string) => void = () => {},
): Promise<RunningPrism> {
  const prism = startTool('prism', [...args, '--host', host, '--port', String(port)]);
  const forward = (chunk: Buffer) => onOutput(chunk.toString());
  prism.child.stdout?.on('data', forward);
  prism.child.stderr?.on('data', forward);
  await waitForOutput(prism, /Prism is listening/, `prism ${args[0]}`, timeoutMs);
  return {
    origin: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    output: prism.output,
    stop: async () => {
      await prism.stop();
    },
  };
}
