import { execFileSync } from 'node:child_process';
import { expect, it } from 'vitest';
import { nearMisses } from '../catalogue/near-miss.ts';
import { authShellFor, curlCommand, shellQuote, shownBytes } from './curl.ts';

const KEY = 'Sec$ret-key_1';
/**
 * The bytes bash makes of each double-quoted expression (as HTTP sends a header: latin1), all
 * in one bash process: a header holds no NUL, so NUL ends each one.
 */
const expandAll = (expressions: string[]) =>
  execFileSync('bash', ['-c', expressions.map((e) => `printf '%s\\0' "${e}"`).join('\n')], {
    env: { PATH: process.env.PATH, PETSTORE_API_KEY: KEY },
  })
    .toString('latin1')
    .split('\0')
    .slice(0, -1);

it('writes every near miss as a shell expression that rebuilds it from $PETSTORE_API_KEY', () => {
  const misses = nearMisses(KEY);
  expect(misses.length).toBeGreaterThan(10);
  const expanded = expandAll([
    ...misses.map((miss) => miss.shell ?? ''),
    authShellFor(`Bearer ${KEY}`, KEY),
  ]);
  expect(expanded).toHaveLength(misses.length + 1);
  misses.forEach((miss, i) => {
    expect(miss.shell, miss.what).not.toContain(KEY);
    expect(expanded[i], miss.what).toBe(miss.authorization);
  });
  expect(expanded[misses.length]).toBe(`Bearer ${KEY}`);
});

it('shows every near miss as sent with the key masked, never as shell syntax', () => {
  for (const miss of nearMisses(KEY)) {
    expect(miss.shown, miss.what).not.toContain('${');
    expect(miss.shown, miss.what).not.toContain(KEY.slice(0, 4));
    expect(miss.shown, miss.what).toMatch(/^Bearer .*<.*>/);
  }
});

it('sends no near miss that RFC 6750 and HTTP allow for the key itself', () => {
  for (const key of ['k', 'ab', KEY]) {
    for (const { authorization = '', what } of nearMisses(key)) {
      // HTTP strips spaces and tabs around a value (not U+00A0); RFC 6750 takes 1*SP after Bearer.
      const tidied = authorization.replace(/^[ \t]+|[ \t]+$/g, '').replace(/^Bearer +/, 'Bearer ');
      expect(tidied, `${what} for a key of ${key.length}`).not.toBe(`Bearer ${key}`);
    }
  }
  expect(nearMisses('k').map((m) => m.what)).not.toContain('the key with a space inside');
});

it('builds a curl command whose body is exactly the one sent, long runs written as printf', () => {
  const body = `{"name":"it's \\"x\\" ${'y'.repeat(5000)}","categoryId":1}`;
  const command = curlCommand(
    {
      operation: 'createPet',
      method: 'POST',
      path: '/pets',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      rawBody: body,
      authShell: authShellFor(`Bearer ${KEY}`, KEY),
    },
    'http://127.0.0.1:4010/v1/pets',
  );
  expect(command).not.toContain(KEY);
  expect(command.length).toBeLessThan(400);
  const data = command.slice(command.indexOf('--data-raw ') + '--data-raw '.length);
  expect(execFileSync('bash', ['-c', `printf '%s' ${data}`]).toString()).toBe(body);
  expect(shellQuote("a'b")).toBe(`'a'\\''b'`);
});

it('never writes the key out when it travels in another header or the URL', () => {
  const command = curlCommand(
    {
      operation: 'listPets',
      method: 'GET',
      path: '/pets',
      headers: { 'x-api-key': KEY },
      secret: KEY,
    },
    `http://127.0.0.1:4010/v1/pets?api_key=${encodeURIComponent(KEY)}`,
  );
  expect(command).not.toContain(KEY);
  expect(command).not.toContain(encodeURIComponent(KEY));
  const key = ['$', '{PETSTORE_API_KEY}'].join('');
  expect(command).toContain(`-H "x-api-key: ${key}"`);
  expect(command).toContain(`"http://127.0.0.1:4010/v1/pets?api_key=${key}"`);
});

it('replays a body that is not UTF-8 with --data-binary in bash $-quotes, byte for byte', () => {
  const rawBytes = new Uint8Array([
    ...new TextEncoder().encode(`{"name":"it's\\`),
    0xff,
    0x22,
    0x7d,
  ]);
  const curl = curlCommand(
    { operation: 'createPet', method: 'POST', path: '/pets', headers: {}, rawBytes },
    'http://x/v1/pets',
  );
  expect(curl).toContain(String.raw`--data-binary $'{"name":"it\'s\\\xFF"}'`);
  expect(shownBytes(rawBytes)).toBe(String.raw`{"name":"it's\\xFF"}`);
});
