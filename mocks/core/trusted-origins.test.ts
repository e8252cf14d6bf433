import { expect, it } from 'vitest';
import {
  isAllowedHostname,
  isLoopbackHostname,
  normalizeHostname,
  originTrust,
} from './trusted-origins.ts';

const MOCK = 'http://127.0.0.1:4010/__mock/reset';
const from = (origin: string | undefined, url = MOCK) =>
  new Request(url, { headers: origin === undefined ? {} : { origin } });

it('compares host names in lower case, without IPv6 brackets or a final dot', () => {
  expect(normalizeHostname('LocalHost.')).toBe('localhost');
  expect(normalizeHostname('[::1]')).toBe('::1');
});

it('takes localhost, *.localhost, 127.x.x.x and ::1 as loopback names, and nothing else', () => {
  for (const name of [
    'localhost',
    'app.localhost',
    'LOCALHOST.',
    '127.0.0.1',
    '127.8.9.10',
    '[::1]',
  ]) {
    expect(isLoopbackHostname(name), name).toBe(true);
  }
  for (const name of ['localhost.evil.example', 'evillocalhost', '10.0.0.1', '128.0.0.1', '::2']) {
    expect(isLoopbackHostname(name), name).toBe(false);
  }
});

it('matches allowed hosts exactly, a leading dot for a domain and its subdomains, or all', () => {
  const allowed = ['tunnel.example', '.lan.example'];
  expect(isAllowedHostname('Tunnel.Example', allowed)).toBe(true);
  expect(isAllowedHostname('lan.example', allowed)).toBe(true);
  expect(isAllowedHostname('pc.lan.example', allowed)).toBe(true);
  expect(isAllowedHostname('sub.tunnel.example', allowed)).toBe(false);
  expect(isAllowedHostname('evillan.example', allowed)).toBe(false);
  expect(isAllowedHostname('anything.example', 'all')).toBe(true);
});

it('trusts loopback origins on any port, the own origin and allowed hosts, and no others', () => {
  for (const origin of [
    'http://localhost:5173',
    'https://app.localhost',
    'http://127.0.0.1:9',
    'http://[::1]:3000',
    'http://127.0.0.1:4010',
  ]) {
    expect(originTrust(from(origin), []), origin).toBe('trusted');
  }
  expect(originTrust(from('http://192.168.1.5:4010', 'http://192.168.1.5:4010/x'), [])).toBe(
    'trusted',
  );
  const byAddress = new Request('http://mock.lan:4010/__mock/reset', {
    headers: { origin: 'http://192.168.1.5:4010', host: '192.168.1.5:4010' },
  });
  expect(originTrust(byAddress, [])).toBe('trusted');
  expect(originTrust(from('https://front.tunnel.example'), ['.tunnel.example'])).toBe('trusted');
  for (const origin of ['http://evil.example', 'null', 'file://', 'chrome-extension://abc', 'x']) {
    expect(originTrust(from(origin), ['tunnel.example']), origin).toBe('foreign');
  }
  expect(originTrust(from(undefined), [])).toBe('none');
});

it('keeps foreign origins foreign when every Host is allowed', () => {
  expect(originTrust(from('http://evil.example'), 'all')).toBe('foreign');
  expect(originTrust(from('http://localhost:5173'), 'all')).toBe('trusted');
});
