import { expect, it } from 'vitest';
import { answeredOrigin } from './origin.ts';

it('answers the origin of the base URL it is given, which must end in /v1', () => {
  expect(answeredOrigin({ baseUrl: 'https://api.example.test/v1' })).toBe(
    'https://api.example.test',
  );
  expect(answeredOrigin({ baseUrl: 'http://localhost:5173/v1/' })).toBe('http://localhost:5173');
  expect(() => answeredOrigin({ baseUrl: 'http://localhost:5173/api' })).toThrow(
    "startWorker: baseUrl must end in /v1, the API's base path, got http://localhost:5173/api",
  );
});

it('answers the page’s own origin by default, never every origin', () => {
  expect(answeredOrigin({ origin: 'http://127.0.0.1:5173' })).toBe('http://127.0.0.1:5173');
  // Outside a page (here, Node) there is no own origin to default to.
  expect(() => answeredOrigin({})).toThrow(/give it a baseUrl/);
});
