/**
 * `npm test`: every check CI makes. The static checks (Spectral on the spec, generated-file
 * drift, the type-check, Biome) run side by side, each one's output printed whole once it
 * ends: tsc alone keeps one core busy for most of their time, and one after another they left
 * the other core idle. Then every vitest project, then Playwright's end-to-end suite. The
 * first step that fails ends the run with its exit code.
 */
import { spawn } from 'node:child_process';
import { runCommand } from './cli.ts';

const HELP = `Usage: npm test

Runs every check CI makes, in this order, stopping at the first that fails:
  1. side by side: npm run lint:spec, check:gen, typecheck and lint (each one's output
     printed whole when it ends)
  2. npm run test:vitest   every vitest project (docs/testing-time.md)
  3. npm run test:e2e      Playwright's end-to-end suite

Options:
  --help, -h   this text`;

const STATIC_CHECKS = ['lint:spec', 'check:gen', 'typecheck', 'lint'];

/** Runs `npm run <script>`; its output goes to the terminal, or is kept when `keep`. */
function npmRun(script: string, keep: boolean): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], { stdio: keep ? 'pipe' : 'inherit' });
    const parts: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => parts.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => parts.push(chunk));
    child.on('error', (error) => parts.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) =>
      resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(parts).toString() }),
    );
  });
}

runCommand({ name: 'test', help: HELP, flags: {} }, async () => {
  const checks = await Promise.all(
    STATIC_CHECKS.map(async (script) => {
      const started = Date.now();
      const { code, output } = await npmRun(script, true);
      process.stdout.write(output);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`${code === 0 ? '✓' : '✗'} npm run ${script} (${seconds} s)\n`);
      return code;
    }),
  );
  const failed = checks.find((code) => code !== 0);
  if (failed !== undefined) return failed;
  for (const script of ['test:vitest', 'test:e2e']) {
    const { code } = await npmRun(script, false);
    if (code !== 0) return code;
  }
  return 0;
});
