/**
 * SIGINT and SIGTERM stop the mock as users run it, `npm run mock` and the installed package's
 * `npx petstore-mock`, with nothing left behind: the signal goes to the whole process group
 * (as Ctrl-C in a terminal does), and afterwards no process of the group is alive, the port
 * is closed, and every pet whose 201 a client received is in the data file.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { Agent } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createOnAgent } from '../reliability/http-client.ts';
import { installedPackage } from './installed.ts';
import { type HowStarted, startShippedMock } from './shipped-mock.ts';

const dir = mkdtempSync(join(tmpdir(), 'petstore-stopping-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The processes alive in process group `group` (from /proc: pid, state, command). */
async function groupMembers(group: number): Promise<string[]> {
  const members: string[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(pgrp) === group)
      members.push(`${entry} ${state} ${stat.slice(0, stat.lastIndexOf(')') + 1)}`);
  }
  return members;
}

/** Whether anything still accepts connections on the port. */
const accepts = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

// A terminal's Ctrl-C reaches the whole group; a process manager may send SIGTERM to npm
// alone. (SIGINT to npm alone stops nothing: npm passes it to its shell, which ignores it.)
type Target = 'its process group' | 'npm alone';

const CASES: [HowStarted, NodeJS.Signals, Target][] = [
  ['npm run mock', 'SIGINT', 'its process group'],
  ['npm run mock', 'SIGTERM', 'its process group'],
  ['npm run mock', 'SIGTERM', 'npm alone'],
  ['npx petstore-mock', 'SIGINT', 'its process group'],
  ['npx petstore-mock', 'SIGTERM', 'its process group'],
  ['npx petstore-mock', 'SIGTERM', 'npm alone'],
];

it.for(CASES)(
  '%s stops on %s to %s, leaving no process, no open port and no lost write',
  // The installed cases wait for the package to be packed and installed (installed.ts).
  { timeout: 600_000 },
  async ([how, signal, target]) => {
    const file = join(
      dir,
      `${how.replaceAll(' ', '-')}-${signal}-${target.replaceAll(' ', '-')}.json`,
    );
    const project = how === 'npx petstore-mock' ? (await installedPackage()).mock : undefined;
    const mock = await startShippedMock(how, { args: ['--port', '0', '--data', file], project });
    try {
      const group = mock.process.child.pid as number;
      const port = Number(new URL(mock.origin).port);

      // Eight clients create pets without pause; the signal comes after the 60th 201.
      const agent = new Agent({ keepAlive: true, maxSockets: 8 });
      const acknowledged: { id: number; name: string }[] = [];
      let signalled = 0;
      const client = async (c: number) => {
        // Until the server stops answering, or 10 s after the signal if it never does.
        for (let n = 0; !signalled || Date.now() - signalled < 10_000; n++) {
          try {
            const body = await createOnAgent(mock.origin, agent, {
              name: `c${c}-n${n}`,
              categoryId: 3,
            });
            acknowledged.push(JSON.parse(body) as { id: number; name: string });
          } catch {
            return;
          }
          if (acknowledged.length >= 60 && !signalled) {
            signalled = Date.now();
            if (target === 'npm alone') process.kill(group, signal);
            else mock.process.signal(signal);
          }
        }
      };
      await Promise.all(Array.from({ length: 8 }, (_, c) => client(c)));
      agent.destroy();
      const exit = await Promise.race([
        mock.process.exited,
        new Promise<'still running'>((resolve) =>
          setTimeout(() => resolve('still running'), 15_000),
        ),
      ]);
      expect(exit, mock.process.output()).not.toBe('still running');

      let survivors = await groupMembers(group);
      for (let tries = 0; survivors.length > 0 && tries < 20; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        survivors = await groupMembers(group);
      }
      expect(survivors).toEqual([]);
      // Read once the whole group is gone: npm can exit on the group's signal before the mock
      // it started has written its last line to the pipe they share.
      const why =
        target === 'npm alone' ? /(SIGINT|SIGTERM|npm exited): stopping/ : `${signal}: stopping`;
      for (let tries = 0; !mock.process.output().match(why) && tries < 20; tries++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(mock.process.output()).toMatch(why);
      expect(await accepts(port)).toBe(false);

      expect(acknowledged.length).toBeGreaterThanOrEqual(60);
      const saved = (
        JSON.parse(await readFile(file, 'utf8')) as { pets: { id: number; name: string }[] }
      ).pets;
      const savedById = new Map(saved.map((pet) => [pet.id, pet]));
      const lost = acknowledged.filter((pet) => savedById.get(pet.id)?.name !== pet.name);
      expect(lost).toEqual([]);
      // No write was cut halfway, leaving its temporary file.
      const prefix = file.slice(dir.length + 1);
      const temporary = (await readdir(dir)).filter((name) => name.startsWith(`${prefix}.`));
      expect(temporary).toEqual([]);
    } finally {
      // Whatever failed above, nothing of it outlives the test.
      await mock.process.stop(2_000);
    }
  },
);
