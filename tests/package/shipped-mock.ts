/**
 * The mock started as users start it, as a real process tree in its own process group:
 * `npm run mock` in the checkout, or the installed `petstore-mock` through npx in a consumer
 * project. The origin is read from what it prints, so any port works (0 by default).
 */
import { delimiter } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RunningProcess, startProcess } from '../../lib/process.ts';
import { waitForOutput } from '../../lib/run-process.ts';

/** The checkout's root folder, with a trailing slash. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** How the mock is started: `npm run mock` here, or the installed bin in a consumer project. */
export type HowStarted = 'npm run mock' | 'npx petstore-mock';

/** A running mock: its process tree and where it answers. */
export type ShippedMock = { process: RunningProcess; origin: string; baseUrl: string };

/**
 * The environment of a command a user types: without the npm_* variables and INIT_CWD of the
 * `npm test` running this suite, and without the checkout's node_modules/.bin on the PATH.
 */
export function userEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!/^npm_/i.test(name) && name !== 'INIT_CWD') env[name] = value;
  }
  env.PATH = (process.env.PATH ?? '')
    .split(delimiter)
    .filter((entry) => !entry.startsWith(ROOT))
    .join(delimiter);
  return env;
}

const LISTENING = /listening on (http:\/\/\S+)\/v1\b/;

/**
 * Starts the mock the way `how` says, with `args` after the command (default `--port 0`);
 * `cwd` is where the command is typed (default: the checkout, or the consumer `project`).
 */
export async function startShippedMock(
  how: HowStarted,
  options: { args?: string[]; cwd?: string; project?: string } = {},
): Promise<ShippedMock> {
  const args = options.args ?? ['--port', '0'];
  const [command, argv, cwd] =
    how === 'npm run mock'
      ? ['npm', ['run', 'mock', '--', ...args], options.cwd ?? ROOT]
      : ['npx', ['petstore-mock', ...args], options.cwd ?? options.project];
  if (cwd === undefined) throw new Error('npx petstore-mock needs the consumer project');
  const started = startProcess(command, argv, { cwd, baseEnv: userEnv() });
  const [, origin] = await waitForOutput(started, LISTENING, how, 60_000);
  return { process: started, origin: origin as string, baseUrl: `${origin}/v1` };
}
