/**
 * The services of the real-server panel, each started on a free loopback port with its own
 * toolchain (commands.ts): FastAPI, Flask, Express 5, Fastify 5, Go's net/http, Sinatra and
 * PHP's built-in server. A service is stopped with its process group.
 */
import { freePort } from '../../lib/ports.ts';
import { type RunningProcess, startProcess } from '../../lib/process.ts';
import { LAUNCHERS } from './commands.ts';

/** Every service of the panel: framework, then variant. */
export const SERVICES = [
  'fastapi-first-pass',
  'fastapi-conforming',
  'fastapi-name-20',
  'flask-first-pass',
  'flask-conforming',
  'flask-name-20',
  'express-first-pass',
  'express-conforming',
  'express-name-20',
  'fastify-first-pass',
  'fastify-conforming',
  'fastify-name-20',
  'go-first-pass',
  'go-conforming',
  'go-name-20',
  'go-panic-empty-token',
  'sinatra-first-pass',
  'sinatra-conforming',
  'sinatra-name-20',
  'php-first-pass',
  'php-conforming',
  'php-name-20',
] as const;
export type ServiceName = (typeof SERVICES)[number];

/** A running service: its base URL (ending in /v1), the key it accepts, and its process. */
export type Service = {
  name: ServiceName;
  baseUrl: string;
  apiKey: string;
  process: RunningProcess;
};

const API_KEY = 'panel-key-7f3a';

/** Starts a service and resolves once it answers HTTP on its port. */
export async function startService(name: ServiceName): Promise<Service> {
  const port = await freePort();
  const [framework = '', ...rest] = name.split('-');
  const variant = rest.join('-');
  const launch = LAUNCHERS[framework];
  if (!launch) throw new Error(`no launcher for the framework of ${name}`);
  const { file, args, env, cleanup } = launch({
    variant,
    conforming: variant !== 'first-pass',
    port,
    apiKey: API_KEY,
  });
  const started = startProcess(file, args, { env, keepChars: 20_000 });
  if (cleanup) void started.exited.then(cleanup);
  const baseUrl = `http://127.0.0.1:${port}/v1`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answered = await fetch(`${baseUrl}/pets`).then(
      () => true,
      () => false,
    );
    if (answered) return { name, baseUrl, apiKey: API_KEY, process: started };
    if (started.done() || Date.now() > deadline)
      throw new Error(`${name} did not start:\n${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
