import { expect, it } from 'vitest';
import { nextLink } from './api.ts';
import { readConfig } from './config.ts';

it('uses the service worker on the page origin when no mode is given', () => {
  expect(readConfig(new URL('http://127.0.0.1:5173/'))).toEqual({
    mode: 'worker',
    baseUrl: 'http://127.0.0.1:5173/v1',
  });
});

it('points http mode at the api parameter without its trailing slash', () => {
  const page = new URL('http://127.0.0.1:5173/?mode=http&api=http://127.0.0.1:9999/v1/');
  expect(readConfig(page)).toEqual({ mode: 'http', baseUrl: 'http://127.0.0.1:9999/v1' });
});

it('defaults http mode to the standalone mock on port 4010', () => {
  expect(readConfig(new URL('http://127.0.0.1:5173/?mode=http')).baseUrl).toBe(
    'http://127.0.0.1:4010/v1',
  );
});

it('rejects an unknown mode naming the two that exist', () => {
  expect(() => readConfig(new URL('http://127.0.0.1:5173/?mode=proxy'))).toThrow(
    /unknown mode "proxy": use \?mode=worker or \?mode=http/,
  );
});

it('reads the rel="next" URL of a Link header and nothing else', () => {
  const next = '<http://127.0.0.1:4010/v1/pets?limit=5&cursor=NQ>; rel="next"';
  expect(nextLink(new Headers({ Link: next }))).toBe(
    'http://127.0.0.1:4010/v1/pets?limit=5&cursor=NQ',
  );
  const successor = '<http://127.0.0.1:4010/v1/pets>; rel="successor-version"';
  expect(nextLink(new Headers({ Link: successor }))).toBeUndefined();
  expect(nextLink(new Headers())).toBeUndefined();
});
