/**
 * The toolchains of the real-server panel: Debian's FastAPI and uvicorn, Flask and gunicorn
 * under the system Python, Debian's Go, Ruby with Sinatra and WEBrick, and PHP's CLI. Each is
 * installed with apt-get when missing, as ensureNginx() installs nginx (root, or sudo).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { aptInstall } from '../../lib/apt.ts';

/** The system Python: Debian's python3-fastapi is installed for it, not for a pyenv one. */
export const PYTHON = '/usr/bin/python3';
const GO = ['/usr/bin/go', '/usr/lib/go/bin/go'];
const RUBY = '/usr/bin/ruby';
const PHP = '/usr/bin/php';

/** Whether `interpreter` runs `args` without an error (a library it must load, say). */
const runs = (interpreter: string, args: string[]): boolean => {
  try {
    execFileSync(interpreter, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** `interpreter`, once `args` run with it, installing Debian's `packages` first if not. */
function ensureRuns(interpreter: string, args: string[], packages: string[]): string {
  if (runs(interpreter, args)) return interpreter;
  aptInstall(packages);
  if (!runs(interpreter, args))
    throw new Error(
      `apt-get installed ${packages.join(', ')}, but ${interpreter} ${args.join(' ')} fails`,
    );
  return interpreter;
}

/** The system Python, with python3-fastapi and python3-uvicorn installed first if missing. */
export const ensureFastApi = (): string =>
  ensureRuns(PYTHON, ['-c', 'import fastapi, uvicorn'], ['python3-fastapi', 'python3-uvicorn']);

/** The system Python, with python3-flask and python3-gunicorn installed first if missing. */
export const ensureFlask = (): string =>
  ensureRuns(PYTHON, ['-c', 'import flask, gunicorn'], ['python3-flask', 'python3-gunicorn']);

/** The path of go, installing Debian's golang-go first when there is none. */
export function ensureGo(): string {
  const found = GO.find((path) => existsSync(path));
  if (found) return found;
  aptInstall(['golang-go']);
  const installed = GO.find((path) => existsSync(path));
  if (!installed) throw new Error('apt-get installed golang-go, but no go binary was found');
  return installed;
}

/**
 * Debian's Ruby with Sinatra and WEBrick, the one Rack server Debian gives Sinatra without
 * more (ruby-webrick, which Ruby 3.1 depends on; Debian has puma and thin too, not installed).
 */
export const ensureSinatra = (): string =>
  ensureRuns(
    RUBY,
    ['-e', 'require "sinatra/base"; require "webrick"'],
    ['ruby-sinatra', 'ruby-webrick'],
  );

/** Debian's PHP command line, whose built-in server (`php -S`) serves the PHP services. */
export const ensurePhp = (): string => ensureRuns(PHP, ['-r', 'json_encode(1);'], ['php-cli']);
