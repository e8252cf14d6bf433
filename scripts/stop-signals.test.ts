import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const MODULE = fileURLToPath(new URL('./stop-signals.ts', import.meta.url));
const TSX = fileURLToPath(new URL('../node_modules/tsx/dist/loader.mjs', import.meta.url));

// A command started as npm starts it, busy in a callback while a signal reaches the whole
// group and npm, its parent, exits of it: when the command's loop comes round, both npm's exit
// and the signal are waiting.
const COMMAND = `
import { createServer, connect } from 'node:net';
import { onStopCause } from ${JSON.stringify(MODULE)};
onStopCause((cause) => { console.log(cause); process.exit(0); });
const server = createServer((socket) => {
  const end = Date.now() + 600;
  while (Date.now() < end);
  socket.destroy();
}).listen(0, () => {
  process.stderr.write('busy\\n');
  connect(server.address().port);
});
setTimeout(() => {}, 10_000);
`;
const NPM = `
const { spawn } = require('node:child_process');
const command = spawn(process.execPath, ['--import', ${JSON.stringify(TSX)}, '--input-type=module', '-e', ${JSON.stringify(COMMAND)}], {
  stdio: ['ignore', 'inherit', 'pipe'], env: { ...process.env, npm_command: 'run-script' },
});
command.stderr.once('data', () => setTimeout(() => process.kill(-process.pid, 'SIGTERM'), 100));
process.on('SIGTERM', () => process.exit(0));
`;

it('names a signal to the whole group as the cause, not the exit of npm it caused', async () => {
  const npm = spawn(process.execPath, ['-e', NPM], {
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  npm.stdout.on('data', (part: Buffer) => {
    out += part;
  });
  // The command shares npm's stdout; it ends once the command has printed its cause and exited.
  await new Promise((resolve) => npm.stdout.on('end', resolve));
  expect(out.trim()).toBe('SIGTERM');
}, 30_000);
