import { expect, it } from 'vitest';
import { BROKEN_SERVER_KEY, startBrokenServer } from '../broken-server.ts';
import { testContext } from '../test-context.ts';
import { specPathAt } from '../tools.ts';
import { runPrismStage } from './prism.ts';

it('fails when a request without a valid key is answered anything but 401, with the request and a curl', {
  timeout: 120_000,
}, async () => {
  const server = await startBrokenServer({ readsWithoutKey: true });
  try {
    const context = testContext({ baseUrl: server.baseUrl, apiKey: BROKEN_SERVER_KEY });
    const result = await runPrismStage(context, specPathAt('interface'));
    expect(result.status).toBe('failed');
    const failed = result.cases?.filter((c) => c.failure !== undefined).map((c) => c.name);
    for (const request of ['GET /pets -> 401 (no API key)', 'GET /pets -> 401 (a wrong API key)']) {
      expect(failed).toContain(request);
    }
    expect(failed?.some((name) => /^GET \/pets\/\d+ -> 401 \(no API key\)$/.test(name))).toBe(true);
    const bypass = result.findings.find((f) =>
      /^GET \/pets\/\d+ -> 401 \(no API key\) answered 200/.test(f.title),
    );
    expect(bypass?.detail[0]).toMatch(/a request without a valid key must be answered 401/);
    expect(bypass?.request[0]).toMatch(/^GET http:\/\/127\.0\.0\.1:\d+\/v1\/pets\/\d+$/);
    expect(bypass?.response[0]).toBe('200');
    expect(bypass?.curl).toMatch(/^curl -i -X GET 'http:\/\/127\.0\.0\.1:\d+\/v1\/pets\/\d+'/);
    expect(result.details.join('\n')).not.toMatch(/so 401 was not covered/);
    // A POST without a key is still refused by this server: not a failure of its own.
    expect(failed).not.toContain('POST /pets -> 401 (no API key)');
  } finally {
    await server.close();
  }
});
