/**
 * How each framework of the panel is started for one variant on one port: the program, its
 * arguments and environment, with its toolchain installed first (toolchains.ts). The first
 * pass runs as a developer first runs it; the finished service as it is deployed.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testTempDir } from '../../lib/temp-dirs.ts';
import { ensureFastApi, ensureFlask, ensureGo, ensurePhp, ensureSinatra } from './toolchains.ts';

/** One service to start: its variant (`first-pass`, `conforming`, `name-20`...) on a port. */
export type Variant = { variant: string; conforming: boolean; port: number; apiKey: string };

/** A command line, the variables it adds, and what to remove once it has exited. */
export type Launch = {
  file: string;
  args: string[];
  env: Record<string, string>;
  cleanup?: () => void;
};

const HERE = new URL('.', import.meta.url).pathname;
const builds = new Map<string, string>();

/** Builds a Go program once per process, offline, standard library only. */
function goBinary(program: 'first-pass' | 'conforming'): string {
  const built = builds.get(program);
  if (built) return built;
  const out = join(testTempDir('petstore-go-'), program);
  execFileSync(ensureGo(), ['build', '-o', out, '.'], {
    cwd: join(HERE, 'go', program),
    env: { ...process.env, GOPROXY: 'off', GOFLAGS: '-mod=mod' },
    stdio: 'pipe',
    timeout: 180_000,
  });
  builds.set(program, out);
  return out;
}

/** The environment every service reads: its key, its port, a name limit for `name-20`. */
const envOf = ({ variant, port, apiKey }: Variant): Record<string, string> => ({
  PETSTORE_API_KEY: apiKey,
  PORT: String(port),
  ...(variant === 'name-20' ? { PETSTORE_MAX_NAME: '20' } : {}),
});

/** A TypeScript service run by Node with tsx. */
const node = (framework: string, v: Variant): Launch => ({
  file: process.execPath,
  args: [
    '--import',
    'tsx',
    join(HERE, framework, v.conforming ? 'conforming.ts' : 'first-pass.ts'),
  ],
  env: envOf(v),
});

/** The command of each framework, by the first word of a service's name. */
export const LAUNCHERS: Record<string, (v: Variant) => Launch> = {
  fastapi: (v) => {
    const module = v.conforming ? 'conforming:app' : 'first_pass:app';
    const args = [
      '-m',
      'uvicorn',
      module,
      '--app-dir',
      join(HERE, 'fastapi'),
      '--port',
      `${v.port}`,
    ];
    if (v.conforming) args.push('--timeout-keep-alive', '1');
    return { file: ensureFastApi(), args, env: envOf(v) };
  },
  // `flask run` (Werkzeug's development server) first; gunicorn for the finished service.
  flask: (v) => {
    const dir = join(HERE, 'flask');
    const args = v.conforming
      ? ['-m', 'gunicorn', '--chdir', dir, '--bind', `127.0.0.1:${v.port}`, 'conforming:app']
      : ['-m', 'flask', '--app', join(dir, 'first_pass.py'), 'run', '--port', `${v.port}`];
    return { file: ensureFlask(), args, env: envOf(v) };
  },
  express: (v) => node('express', v),
  fastify: (v) => node('fastify', v),
  go: (v) => {
    const args = ['-port', `${v.port}`, '-api-key', v.apiKey];
    if (v.variant === 'name-20') args.push('-max-name', '20');
    if (v.variant === 'panic-empty-token') args.push('-auth', 'fields');
    return { file: goBinary(v.conforming ? 'conforming' : 'first-pass'), args, env: envOf(v) };
  },
  // `ruby app.rb` as Sinatra's README runs it (development) first; APP_ENV=production finished.
  sinatra: (v) => {
    const file = join(HERE, 'sinatra', v.conforming ? 'conforming.rb' : 'first_pass.rb');
    const args = [file, '-p', `${v.port}`, '-o', '127.0.0.1'];
    if (v.conforming) args.push('-e', 'production');
    return { file: ensureSinatra(), args, env: envOf(v) };
  },
  // PHP's built-in server with the service as its router script; the pets live in a file.
  php: (v) => {
    const dir = mkdtempSync(join(tmpdir(), 'petstore-php-'));
    const router = join(HERE, 'php', v.conforming ? 'conforming.php' : 'first-pass.php');
    return {
      file: ensurePhp(),
      args: ['-S', `127.0.0.1:${v.port}`, router],
      env: { ...envOf(v), PETSTORE_DATA: join(dir, 'pets.json') },
      cleanup: () => rmSync(dir, { recursive: true, force: true }),
    };
  },
};
