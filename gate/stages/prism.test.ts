import { expect, it } from 'vitest';
import { BROKEN_SERVER_KEY, startBrokenServer } from '../broken-server.ts';
import { specPathAt } from '../tools.ts';
import { runPrismStage } from './prism.ts';

it('fails when a request without a valid key is answered anything but 401', {
  timeout: 120_000,
}, async () => {
  const server = await startBrokenServer({ readsWithoutKey: true });
  try {
    const target = {
      baseUrl: server.baseUrl,
      apiKey: BROKEN_SERVER_KEY,
      isMock: false,
      close: async () => {},
    };
    const result = await runPrismStage(target, 'interface', specPathAt('interface'));
    expect(result.status).toBe('failed');
    const failed = result.cases?.filter((c) => c.failure !== undefined).map((c) => c.name);
    for (const request of ['GET /pets -> 401 (no API key)', 'GET /pets -> 401 (a wrong API key)']) {
      expect(failed).toContain(request);
    }
    expect(failed?.some((name) => /^GET \/pets\/\d+ -> 401 \(no API key\)$/.test(name))).toBe(true);
    expect(result.details).toContainEqual(
      expect.stringMatching(
        /^GET \/pets\/\d+ -> 401 \(no API key\) answered 200: a request without a valid key must be answered 401/,
      ),
    );
    expect(result.details.join('\n')).not.toMatch(/so 401 was not covered/);
    // A POST without a key is still refused by this server: not a failure of its own.
    expect(failed).not.toContain('POST /pets -> 401 (no API key)');
  } finally {
    await server.close();
  }
});
