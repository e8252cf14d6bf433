import { expect, it } from 'vitest';
import { parseGateOptions } from './options.ts';
import { GateUsageError } from './target.ts';

it('checks the mock at strict level when no base URL is given', () => {
  const options = parseGateOptions([]);
  expect(options.baseUrl).toBeUndefined();
  expect(options.level).toBe('strict');
  expect(options.skip.size).toBe(0);
});

it('checks a given server at interface level unless --level says otherwise', () => {
  expect(parseGateOptions(['--base-url', 'http://127.0.0.1:1/v1']).level).toBe('interface');
  const strict = parseGateOptions(['--base-url', 'http://127.0.0.1:1/v1', '--level', 'strict']);
  expect(strict.level).toBe('strict');
});

it('takes stages to skip as a list or as one flag each', () => {
  const options = parseGateOptions(['--skip', 'lint,prism', '--skip-dredd']);
  expect([...options.skip].sort()).toEqual(['dredd', 'lint', 'prism']);
});

it('takes the API key from PETSTORE_API_KEY when no flag gives one', () => {
  expect(parseGateOptions([], { PETSTORE_API_KEY: 'from-env' }).apiKey).toBe('from-env');
  expect(parseGateOptions(['--api-key', 'flag'], { PETSTORE_API_KEY: 'env' }).apiKey).toBe('flag');
});

it('rejects an unknown stage, an unknown level and an unknown flag as usage errors', () => {
  expect(() => parseGateOptions(['--skip', 'lint,speed'])).toThrow(/--skip takes .*"speed"/);
  expect(() => parseGateOptions(['--level', 'lenient'])).toThrow(GateUsageError);
  expect(() => parseGateOptions(['--fast'])).toThrow(GateUsageError);
});
