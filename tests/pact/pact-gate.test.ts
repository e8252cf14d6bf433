/**
 * The gate's contract stage with --pact: a server that breaks a gap choice the app relied on
 * fails the stage, the failed check named after the interaction, the replay repeating --pact.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runContractStage } from '../../gate/stages/contract.ts';
import { testContext } from '../../gate/test-context.ts';
import { startMockServer } from '../../mocks/testing/local-mock.ts';
import { REFERENCE_KEY, startReferenceServer } from '../contract-power/reference-server.ts';

let dir: string;
let pact: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gate-pact-'));
  const mock = await startMockServer({ port: 0, quiet: true });
  const headers = { authorization: `Bearer ${mock.apiKeys[0]}`, 'x-mock-session': 'app' };
  await fetch(`${mock.baseUrl}/pets?limit=5`, { headers });
  pact = JSON.stringify(mock.session('app').pact({ consumer: 'web' }));
  await mock.close();
});
afterAll(() => rm(dir, { recursive: true, force: true }));

it('fails the contract stage naming the interaction whose order the server breaks', {
  timeout: 180_000,
}, async () => {
  const server = await startReferenceServer({ variant: { newestFirst: true, preload: 10 } });
  try {
    const context = testContext(
      { baseUrl: server.baseUrl, apiKey: REFERENCE_KEY },
      { workDir: dir },
    );
    const result = await runContractStage(context, {
      pact,
      pactFile: 'pacts/web-petstore.json',
      replayWith: 'installed',
    });
    expect(result.status).toBe('failed');
    expect(result.summary).toContain('--pact FILE');
    expect(result.findings.map((f) => f.rule)).toContain('pact-gap');
    expect(result.findingsText).toContain('pact > listPets: GET /v1/pets?limit=5, answered 200');
    expect(result.details.at(-1)).toMatch(
      /^replay: npx --no-install petstore-gate .*--pact pacts\/web-petstore\.json/,
    );
  } finally {
    await server.close();
  }
});
