/**
 * The toolchains of the real-server panel: Debian's FastAPI and uvicorn under the system
 * Python, and Debian's Go. Each is installed with apt-get when missing, as ensureNginx()
 * installs nginx (root, or sudo).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { aptInstall } from '../../lib/apt.ts';

/** The system Python: Debian's python3-fastapi is installed for it, not for a pyenv one. */
export const PYTHON = '/usr/bin/python3';
const GO = ['/usr/bin/go', '/usr/lib/go/bin/go'];

const pythonHasFastApi = (): boolean => {
  try {
    execFileSync(PYTHON, ['-c', 'import fastapi, uvicorn'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** The system Python, with python3-fastapi and python3-uvicorn installed first if missing. */
export function ensureFastApi(): string {
  if (pythonHasFastApi()) return PYTHON;
  aptInstall(['python3-fastapi', 'python3-uvicorn']);
  if (!pythonHasFastApi())
    throw new Error(`apt-get installed python3-fastapi, but ${PYTHON} cannot import it`);
  return PYTHON;
}

/** The path of go, installing Debian's golang-go first when there is none. */
export function ensureGo(): string {
  const found = GO.find((path) => existsSync(path));
  if (found) return found;
  aptInstall(['golang-go']);
  const installed = GO.find((path) => existsSync(path));
  if (!installed) throw new Error('apt-get installed golang-go, but no go binary was found');
  return installed;
}
