import { expect, it } from 'vitest';
import { MockError } from '../core/errors.ts';
import { checkAllowedHosts, createHostCheck, hostnameOf, parseAllowedHosts } from './host-check.ts';

const refusal = (check: (raw: string[]) => void, host: string) => {
  try {
    check(['Host', host]);
    return undefined;
  } catch (error) {
    return error instanceof MockError ? `${error.status} ${error.code}` : String(error);
  }
};

it('reads the host name of a Host header, with or without a port, IPv6 in brackets', () => {
  expect(hostnameOf('localhost:4010')).toBe('localhost');
  expect(hostnameOf('Example.COM')).toBe('Example.COM');
  expect(hostnameOf('[::1]:4010')).toBe('::1');
  expect(hostnameOf('[::ffff:127.0.0.1]')).toBe('::ffff:127.0.0.1');
  for (const bad of [
    '',
    'a b',
    'evil.example:4010, localhost',
    '[zz::1]',
    'host:99999999',
    'a@b',
  ]) {
    expect(hostnameOf(bad), bad).toBeUndefined();
  }
});

it('accepts loopback names, IP literals and the bound host, and refuses other names', () => {
  const check = createHostCheck('mock.lan', []);
  for (const host of [
    'localhost',
    'localhost:4010',
    'app.localhost:5173',
    '127.0.0.1:4010',
    '192.168.1.20:4010',
    '[::1]:4010',
    '[fe80::1]',
    'mock.lan:4010',
    'MOCK.LAN.',
  ]) {
    expect(refusal(check, host), host).toBeUndefined();
  }
  for (const host of ['evil.example:4010', 'localhost.evil.example', 'lan', '', '[::1', 'a b']) {
    expect(refusal(check, host), host).toBe('403 host_not_allowed');
  }
});

it('names the flag that would allow a refused host, in one line', () => {
  try {
    createHostCheck('127.0.0.1', [])(['Host', 'evil.example:4010']);
    expect.unreachable();
  } catch (error) {
    expect((error as Error).message).toBe(
      'Host "evil.example:4010" is not allowed: the mock answers loopback names, IP addresses and --allowed-hosts only, against DNS rebinding; to serve this name, start the mock with --allowed-hosts evil.example (allowedHosts)',
    );
  }
});

it('accepts allowed hosts, a leading dot for a whole domain, and every host with all', () => {
  const check = createHostCheck('127.0.0.1', ['tunnel.example', '.lan.example']);
  for (const host of ['tunnel.example', 'lan.example:4010', 'pc.lan.example']) {
    expect(refusal(check, host), host).toBeUndefined();
  }
  expect(refusal(check, 'x.tunnel.example')).toBe('403 host_not_allowed');
  expect(refusal(createHostCheck('127.0.0.1', 'all'), 'anything.example')).toBeUndefined();
});

it('checks every Host header a request carries, and lets one without Host pass', () => {
  const check = createHostCheck('127.0.0.1', []);
  expect(() => check(['Host', 'localhost', 'host', 'evil.example'])).toThrow(MockError);
  expect(() => check(['Accept', '*/*'])).not.toThrow();
});

it('reads --allowed-hosts as names separated by commas, or all alone', () => {
  expect(parseAllowedHosts('tunnel.example, .lan.example,[::1]')).toEqual([
    'tunnel.example',
    '.lan.example',
    '[::1]',
  ]);
  expect(parseAllowedHosts('all')).toBe('all');
  expect(() => parseAllowedHosts('all,x.example')).toThrow('"all" stands alone');
  expect(() => parseAllowedHosts(' , ')).toThrow('at least one host name');
  for (const bad of ['http://x.example', 'x.example:8080', 'x/y', '*.example']) {
    expect(() => checkAllowedHosts([bad]), bad).toThrow(`got "${bad}"`);
  }
});
