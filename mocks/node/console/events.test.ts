import { get, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../server.ts';

let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer({ port: 0, apiKeys: ['console-test-key'] });
});
afterAll(() => mock.close());

/** Opens the feed with `headers`; resolves with the answer and the text read so far. */
function openFeed(headers: Record<string, string> = {}) {
  return new Promise<{ response: IncomingMessage; text: () => string }>((resolve, reject) => {
    get(`${mock.origin}/__mock/events`, { headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      resolve({ response, text: () => text });
    }).on('error', reject);
  });
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i += 1) await new Promise((r) => setTimeout(r, 20));
  return check();
};

it('streams each answered request to the mock’s own page, key masked', async () => {
  const { response, text } = await openFeed();
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
  expect(response.headers['access-control-allow-origin']).toBeUndefined();
  await fetch(`${mock.baseUrl}/pets?limit=2`, {
    headers: { authorization: 'Bearer console-test-key', 'x-mock-session': 'feed-1' },
  });
  expect(await until(() => text().includes('"session":"feed-1"'))).toBe(true);
  expect(text()).toContain('event: hello');
  expect(text()).toContain('"query":{"limit":"2"}');
  expect(text()).not.toContain('console-test-key');
  response.destroy();
});

it('refuses other sites’ pages before a stream opens, and lets a loopback dev server read it', async () => {
  const foreign = await openFeed({ origin: 'http://evil.example' });
  expect(foreign.response.statusCode).toBe(403);
  await until(() => foreign.text().includes('}'));
  expect(JSON.parse(foreign.text())).toMatchObject({ code: 'origin_not_allowed' });
  const noCors = await openFeed({ 'sec-fetch-site': 'cross-site' });
  expect(noCors.response.statusCode).toBe(403);
  const devServer = await openFeed({ origin: 'http://localhost:5173' });
  expect(devServer.response.statusCode).toBe(200);
  expect(devServer.response.headers['access-control-allow-origin']).toBe('http://localhost:5173');
  devServer.response.destroy();
});

it('ends the streams when the mock stops, so the pages reconnect to the next one', async () => {
  const own = await startMockServer({ port: 0 });
  const ended = await new Promise<boolean>((resolve, reject) => {
    get(`${own.origin}/__mock/events`, (response) => {
      response.on('end', () => resolve(true));
      response.resume();
      void own.close();
    }).on('error', reject);
  });
  expect(ended).toBe(true);
});
