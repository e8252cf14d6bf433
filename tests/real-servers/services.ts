/**
 * The services of the real-server panel, each started on a free loopback port with its own
 * toolchain: FastAPI under uvicorn, Express 5 under Node, Go's net/http built into a
 * temporary folder. A service is stopped with its process group.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../lib/ports.ts';
import { type RunningProcess, startProcess } from '../../lib/process.ts';
import { ensureFastApi, ensureGo } from './toolchains.ts';

/** Every service of the panel: framework, then variant. */
export const SERVICES = [
  'fastapi-first-pass',
  'fastapi-conforming',
  'fastapi-name-20',
  'express-first-pass',
  'express-conforming',
  'express-name-20',
  'go-first-pass',
  'go-conforming',
  'go-name-20',
  'go-panic-empty-token',
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
const HERE = new URL('.', import.meta.url).pathname;
const builds = new Map<string, string>();

/** Builds a Go program once per process, offline, standard library only. */
function goBinary(program: 'first-pass' | 'conforming'): string {
  const built = builds.get(program);
  if (built) return built;
  const out = join(mkdtempSync(join(tmpdir(), 'petstore-go-')), program);
  execFileSync(ensureGo(), ['build', '-o', out, '.'], {
    cwd: join(HERE, 'go', program),
    env: { ...process.env, GOPROXY: 'off', GOFLAGS: '-mod=mod' },
    stdio: 'pipe',
    timeout: 180_000,
  });
  builds.set(program, out);
  return out;
}

/** The command that serves `name` on `port`, with `extra` arguments for its server. */
function command(
  name: ServiceName,
  port: number,
  extra: string[],
): [string, string[], Record<string, string>] {
  const [framework = '', ...rest] = name.split('-');
  const variant = rest.join('-');
  const env: Record<string, string> = { PETSTORE_API_KEY: API_KEY, PORT: String(port) };
  if (variant === 'name-20') env.PETSTORE_MAX_NAME = '20';
  const conforming = variant !== 'first-pass';
  if (framework === 'fastapi') {
    const module = conforming ? 'conforming:app' : 'first_pass:app';
    const args = ['-m', 'uvicorn', module, '--app-dir', join(HERE, 'fastapi'), '--port', `${port}`];
    if (conforming) args.push('--timeout-keep-alive', '1');
    return [ensureFastApi(), [...args, ...extra], env];
  }
  if (framework === 'express') {
    const file = join(HERE, 'express', conforming ? 'conforming.ts' : 'first-pass.ts');
    return [process.execPath, ['--import', 'tsx', file], env];
  }
  const args = ['-port', `${port}`, '-api-key', API_KEY];
  if (variant === 'name-20') args.push('-max-name', '20');
  if (variant === 'panic-empty-token') args.push('-auth', 'fields');
  return [goBinary(conforming ? 'conforming' : 'first-pass'), args, env];
}

/**
 * Starts a service and resolves once it answers HTTP on its port; `extra` arguments go to
 * its server (uvicorn's `--limit-concurrency 4`).
 */
export async function startService(name: ServiceName, extra: string[] = []): Promise<Service> {
  const port = await freePort();
  const [file, args, env] = command(name, port, extra);
  const started = startProcess(file, args, { env, keepChars: 20_000 });
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
