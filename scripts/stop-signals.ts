/**
 * When a long-running command should stop: on SIGINT or SIGTERM, and, when npm started it,
 * once npm has gone.
 */

/**
 * Calls `stop` with the cause the first time one comes (later causes are for the caller to
 * ignore while it stops).
 *
 * npm run and npx start a command through `sh -c` and pass a signal sent to npm alone only
 * to that shell, which ends without passing it on: the command would outlive npm. Started by
 * npm, it stops once its parent has gone. When a signal to the whole group made npm exit,
 * that signal is already waiting for this loop's poll phase, which comes after the timers:
 * stopping a turn later names the signal, the real cause, instead of npm's exit.
 */
export function onStopCause(stop: (cause: string) => void): void {
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  if (!process.env.npm_command) return;
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) setImmediate(() => stop('npm exited'));
  }, 250).unref();
}
