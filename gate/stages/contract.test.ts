/**
 * The contract stage hands the server's declared choices (--profile) and the creation
 * budget (--max-creates) to the suite: a profile that misdescribes the mock fails the stage,
 * and the budget bounds what the stage leaves on it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMockServer } from '../../mocks/testing/local-mock.ts';
import type { Target } from '../target.ts';
import { runContractStage } from './contract.ts';

let mock: Awaited<ReturnType<typeof startMockServer>>;
let target: Target;
let dir: string;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, quiet: true });
  target = {
    baseUrl: mock.baseUrl,
    apiKey: mock.apiKeys[0] ?? '',
    isMock: true,
    close: async () => {},
  };
  dir = await mkdtemp(join(tmpdir(), 'gate-contract-'));
});
afterAll(async () => {
  await mock.close();
  await rm(dir, { recursive: true, force: true });
});

it('fails the stage when the declared order is not the server’s', async () => {
  const result = await runContractStage(target, 'interface', join(dir, 'misdescribed.xml'), {
    profile: { pagination: 'link', order: 'newest-first' },
  });
  expect(result.status).toBe('failed');
  expect(result.details[0]).toMatch(/^rules broken: .*declared-order/);
  expect(result.summary).toContain('--profile FILE (declared: pagination, order)');
  // The replay runs the same checks: the repository's command, the profile's file included.
  expect(result.details.at(-1)).toBe(
    `replay: npm run contract -- --base-url ${mock.baseUrl} --level interface --seed 1`,
  );
}, 120_000);

it('names the installed gate, the profile file and --concurrency in the replay of an installed run', async () => {
  const result = await runContractStage(target, 'interface', join(dir, 'installed.xml'), {
    profile: { pagination: 'link', order: 'newest-first' },
    profileFile: 'backend-profile.yaml',
    replayWith: 'installed',
    concurrency: 4,
  });
  expect(result.status).toBe('failed');
  expect(result.summary).toContain('--concurrency 4');
  expect(result.details.at(-1)).toBe(
    `replay: npx petstore-gate --base-url ${mock.baseUrl} --level interface --profile backend-profile.yaml --concurrency 4 --skip lint,prism,dredd`,
  );
}, 120_000);

it('leaves at most --max-creates animals and passes what it could test', async () => {
  const held = mock.state().pets.length;
  const result = await runContractStage(target, 'interface', join(dir, 'budget.xml'), {
    maxCreates: 5,
  });
  expect(result.status).toBe('passed');
  expect(mock.state().pets.length - held).toBeLessThanOrEqual(5);
}, 120_000);
