import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMockServer } from '../../mocks/node/server.ts';
import { killHard, type MockProcess, runMockToExit, startMockProcess } from './cli-process.ts';
import { AUTH, createOnAgent, send } from './http-client.ts';

const dir = mkdtempSync(join(tmpdir(), 'petstore-reliability-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Acked = { id: string; body: string };

const pending = (name: string) => ({ name, categoryId: 7, status: 'pending' });

/** Streams creates from 16 parallel clients and SIGKILLs the server at the `killAt`-th 201. */
async function createUntilKilled(server: MockProcess, killAt: number, round: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  const acked: Acked[] = [];
  let killed: Promise<void> | undefined;
  const worker = async (w: number) => {
    for (let n = 0; killed === undefined; n++) {
      try {
        const body = await createOnAgent(
          server.origin,
          agent,
          pending(`round${round}-w${w}-n${n}`),
        );
        acked.push({ id: /"id":(\d+)/.exec(body)?.[1] ?? 'missing', body });
        if (acked.length >= killAt) killed ??= killHard(server);
      } catch {
        return;
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, (_, w) => worker(w)));
  await killHard(server);
  agent.destroy();
  return acked;
}

async function expectAllPresent(origin: string, acked: Acked[]): Promise<void> {
  for (const { id, body } of acked) {
    const reply = await send(origin, { path: `/v1/pets/${id}`, headers: { ...AUTH } });
    expect(reply.status, `acknowledged pet ${id}`).toBe(200);
    expect(JSON.parse(reply.body)).toEqual(JSON.parse(body));
  }
}

it('keeps every acknowledged create across SIGKILLs at different moments', async () => {
  const file = join(dir, 'kill.json');
  const acked: Acked[] = [];
  // Each restart first checks every pet acknowledged so far, then is killed mid-stream itself.
  for (const [round, killAt] of [7, 120, 250, 0].entries()) {
    const server = await startMockProcess(['--data', file]);
    await expectAllPresent(server.origin, acked);
    if (killAt === 0) {
      await killHard(server);
      break;
    }
    const fresh = await createUntilKilled(server, killAt, round);
    expect(fresh.length).toBeGreaterThanOrEqual(killAt);
    acked.push(...fresh);
  }
  expect(new Set(acked.map((pet) => pet.id)).size).toBe(acked.length);
}, 150_000);

const damage = (valid: string): Record<string, string> => ({
  'truncated.json': valid.slice(0, Math.floor(valid.length / 2)),
  'empty.json': '',
  'garbage.json': 'this is not JSON \u0000\u00ff',
  'wrong-shape.json': '{"unexpected":true}',
  'bad-pet.json': valid.replace(/"categoryId":\s*\d+/, '"categoryId":"seven"'),
  'duplicate-ids.json': valid.replace(/"id":\s*\d+/g, '"id":1'),
});

/** Writes a real data file through the mock (in this process) and returns its text. */
async function realDataFile(file: string): Promise<string> {
  const server = await startMockServer({ port: 0, quiet: true, dataFile: file, seedCount: 5 });
  const agent = new Agent({ keepAlive: false });
  for (let n = 0; n < 3; n++) await createOnAgent(server.origin, agent, pending(`real-${n}`));
  await server.close();
  return readFileSync(file, 'utf8');
}

let valid = '';
beforeAll(async () => {
  valid = await realDataFile(join(dir, 'valid.json'));
});

it('refuses to load a corrupt or truncated data file, naming it, and leaves it untouched', async () => {
  for (const [name, text] of Object.entries(damage(valid))) {
    const file = join(dir, name);
    writeFileSync(file, text);
    const started = startMockServer({ port: 0, quiet: true, dataFile: file });
    await expect(started, name).rejects.toThrow(file);
    await expect(started, name).rejects.toThrow(/fix|move|delete|remove|restore/i);
    expect(readFileSync(file, 'utf8'), `${name} was modified`).toBe(text);
  }
});

it('exits non-zero with a readable message when the CLI meets a damaged data file', async () => {
  for (const name of ['truncated.json', 'empty.json']) {
    const file = join(dir, `cli-${name}`);
    const text = damage(valid)[name] ?? '';
    writeFileSync(file, text);
    const outcome = await runMockToExit(['--data', file]);
    const output = `${outcome.stdout}${outcome.stderr}`;
    expect(outcome.signal, `${name} started or hung:\n${output}`).toBeNull();
    expect(outcome.code, name).not.toBe(0);
    expect(outcome.stderr, name).toContain(file);
    expect(outcome.stderr, name).not.toMatch(/\n\s+at .+:\d+:\d+/);
    expect(readFileSync(file, 'utf8'), `${name} was modified`).toBe(text);
  }
}, 90_000);

it('starts new sessions and a reset from the data file’s animals, not the seed', async () => {
  const file = join(dir, 'sessions.json');
  writeFileSync(file, valid);
  const server = await startMockServer({ port: 0, quiet: true, dataFile: file });
  try {
    const count = async (session?: string) => {
      const headers = { ...AUTH, ...(session === undefined ? {} : { 'x-mock-session': session }) };
      const reply = await send(server.origin, { path: '/v1/pets?limit=100', headers });
      return (JSON.parse(reply.body) as unknown[]).length;
    };
    expect(await count()).toBe(8);
    expect(await count('a-new-session')).toBe(8);
    await createOnAgent(server.origin, new Agent({ keepAlive: false }), pending('after-load'));
    expect(await count()).toBe(9);
    const reset = await send(server.origin, { method: 'POST', path: '/__mock/reset' });
    expect(reset.status).toBe(200);
    expect(await count()).toBe(8);
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { pets: { name: string }[] };
    expect(kept.pets.map((pet) => pet.name)).toEqual(
      (JSON.parse(valid) as { pets: { name: string }[] }).pets.map((pet) => pet.name),
    );
  } finally {
    await server.close();
  }
});
