import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { startProcess } from './process.ts';
import { runProcess, waitForOutput } from './run-process.ts';

const node = process.execPath;
/** Whether a process runs; a zombie (dead, not yet reaped by init) counts as gone. */
const alive = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2));
  } catch {
    return false;
  }
};

it('stops the process and everything it started, as one group', async () => {
  const parent = startProcess(node, [
    '-e',
    `const c = require('node:child_process').spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
     console.log('grandchild ' + c.pid); setTimeout(() => {}, 60000);`,
  ]);
  const [, pid] = await waitForOutput(parent, /grandchild (\d+)/, 'parent', 10_000);
  expect(alive(Number(pid))).toBe(true);
  expect((await parent.stop()).signal).toBe('SIGTERM');
  // A busy machine may take a while to schedule the grandchild's end.
  await expect.poll(() => alive(Number(pid)), { timeout: 10_000 }).toBe(false);
});

it('stops a process past its time limit and says it timed out', async () => {
  const result = await runProcess(node, ['-e', 'setTimeout(() => {}, 60000)'], { timeoutMs: 300 });
  expect(result).toMatchObject({ timedOut: true, code: null, signal: 'SIGTERM' });
});

it('keeps stdout and stderr apart and together, in the order they arrived', async () => {
  const script = `process.stdout.write('one\\n'); setTimeout(() => process.stderr.write('two\\n'), 50);`;
  const result = await runProcess(node, ['-e', script], { timeoutMs: 10_000, env: { X: '1' } });
  expect(result).toMatchObject({ code: 0, stdout: 'one\n', stderr: 'two\n', output: 'one\ntwo\n' });
});

it('keeps only the last characters of output when asked', async () => {
  const chatty = startProcess(node, ['-e', "console.log('x'.repeat(5000) + 'END')"], {
    keepChars: 10,
  });
  await chatty.exited;
  expect(chatty.output()).toBe('xxxxxxEND\n');
});

it('reports a command that cannot start as a failed run, not a crash', async () => {
  const result = await runProcess('/no/such/command', [], { timeoutMs: 10_000 });
  expect(result.code).not.toBe(0);
  expect(result.stderr).toContain('could not start /no/such/command');
});

it('rejects, showing the output, when the process exits before printing what was awaited', async () => {
  const quitter = startProcess(node, ['-e', "console.log('bye'); process.exit(3)"]);
  await expect(waitForOutput(quitter, /listening/, 'quitter', 10_000)).rejects.toThrow(
    /quitter exited \(3\) before it was ready; its output:\nbye/,
  );
});
