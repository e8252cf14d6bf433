/**
 * The contract stage hands the server's declared choices (--profile) and the creation
 * budget (--max-creates) to the suite: a profile that misdescribes the mock fails the stage,
 * and the budget bounds what the stage leaves on it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMockServer } from '../../mocks/testing/local-mock.ts';
import { testContext } from '../test-context.ts';
import { runContractStage } from './contract.ts';

let mock: Awaited<ReturnType<typeof startMockServer>>;
const context = () =>
  testContext({ baseUrl: mock.baseUrl, apiKey: mock.apiKeys[0] ?? '', isMock: true });

beforeAll(async () => {
  mock = await startMockServer({ port: 0, quiet: true });
});
afterAll(async () => {
  await mock.close();
});

it('fails the stage when the declared order is not the server’s, with the suite’s findings', async () => {
  const result = await runContractStage(context(), {
    profile: { pagination: 'link', order: 'newest-first' },
  });
  expect(result.status).toBe('failed');
  expect(result.findings.map((f) => f.rule)).toContain('declared-order');
  expect(result.findings[0]?.curl).toMatch(/^curl -i /);
  expect(result.findingsText).toMatch(/finding/);
  expect(result.summary).toContain('--profile FILE (declared: pagination, order)');
  expect(result.details.at(-1)).toBe(
    `replay: npm run contract -- --base-url ${mock.baseUrl} --level interface --seed 1`,
  );
}, 120_000);

it('names the installed gate, the profile file and --concurrency in the replay of an installed run', async () => {
  const result = await runContractStage(context(), {
    profile: { pagination: 'link', order: 'newest-first' },
    profileFile: 'backend-profile.yaml',
    replayWith: 'installed',
    concurrency: 4,
  });
  expect(result.status).toBe('failed');
  expect(result.summary).toContain('--concurrency 4');
  expect(result.details.at(-1)).toBe(
    `replay: npx --no-install petstore-gate --base-url ${mock.baseUrl} --level interface --profile backend-profile.yaml --concurrency 4 --skip prism,dredd`,
  );
}, 120_000);

it('leaves at most --max-creates animals and passes what it could test, saying what it left out', async () => {
  const held = mock.state().pets.length;
  const result = await runContractStage(context(), { maxCreates: 5 });
  expect(result.status).toBe('passed');
  expect(mock.state().pets.length - held).toBeLessThanOrEqual(5);
  expect(result.createdIds?.length).toBe(result.created);
  expect(result.untested?.[0]).toMatch(/check\(s\) left out by --max-creates/);
}, 120_000);

it('has no verdict, and says so in its one case, when its time runs out', async () => {
  const result = await runContractStage(
    testContext(
      { baseUrl: mock.baseUrl, apiKey: mock.apiKeys[0] ?? '' },
      { deadline: Date.now() + 300 },
    ),
  );
  expect(result.status).toBe('no-verdict');
  expect(result.noVerdict).toMatch(/did not finish within its --timeout|ran out of time/);
  expect(result.status).toBe('no-verdict');
}, 120_000);
