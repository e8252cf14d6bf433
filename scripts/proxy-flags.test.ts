import { expect, it } from 'vitest';
import { proxyOf } from './proxy-flags.ts';

it('reads --proxy and its companions, the key from the environment when no flag gives it', () => {
  expect(
    proxyOf(
      { proxy: 'http://127.0.0.1:8080/v1/', 'proxy-fallback': true, 'proxy-timeout': '2.5' },
      { PETSTORE_PROXY_KEY: 'k1' },
    ),
  ).toEqual({
    url: 'http://127.0.0.1:8080/v1',
    key: 'k1',
    fallback: true,
    record: false,
    timeoutMs: 2500,
  });
});

it('refuses a URL that is not a plain http(s) base, and companions without --proxy', () => {
  expect(() => proxyOf({ proxy: 'ftp://x/v1' }, {})).toThrow(/http or https/);
  expect(() => proxyOf({ proxy: 'http://u:p@x/v1' }, {})).toThrow(/credentials/);
  expect(() => proxyOf({ proxy: 'http://x/v1?a=1' }, {})).toThrow(/no query/);
  expect(() => proxyOf({ 'proxy-record': true }, {})).toThrow(/needs --proxy/);
  expect(proxyOf({}, { PETSTORE_PROXY_KEY: 'k' })).toBeUndefined();
});

it('refuses a backend URL without the version segment, naming the URL to give', () => {
  expect(() => proxyOf({ proxy: 'http://127.0.0.1:8080' }, {})).toThrow(
    /lacks the version segment \/v1.*run again with --proxy http:\/\/127\.0\.0\.1:8080\/v1$/,
  );
  expect(() => proxyOf({ proxy: 'https://api.example.com/petstore/' }, {})).toThrow(
    /run again with --proxy https:\/\/api\.example\.com\/petstore\/v1$/,
  );
  expect(proxyOf({ proxy: 'https://api.example.com/petstore/v1' }, {})?.url).toBe(
    'https://api.example.com/petstore/v1',
  );
});
