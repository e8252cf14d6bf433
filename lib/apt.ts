/**
 * Debian packages a test needs and the machine lacks (nginx, FastAPI, Go), installed the way
 * .ci/run installs Chromium: apt-get as root, or through sudo, waiting for apt's lock when
 * another test file installs at the same moment.
 */
import { execFileSync } from 'node:child_process';

/** Installs Debian packages with apt-get update and apt-get install -y. */
export function aptInstall(packages: readonly string[]): void {
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const run = (args: string[]) =>
    execFileSync(sudo[0] ?? (args[0] as string), sudo.length ? args : args.slice(1), {
      stdio: 'ignore',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      timeout: 300_000,
    });
  run(['apt-get', '-o', 'DPkg::Lock::Timeout=600', 'update']);
  run(['apt-get', '-o', 'DPkg::Lock::Timeout=600', 'install', '-y', ...packages]);
}
