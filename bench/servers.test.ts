import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { parseProfile } from '../spec/profile.ts';
import { BENCH_PROFILE, serverCommand } from './servers.ts';

it('starts mock-profiled as the mock with a profile declaring every gap choice the mock follows', () => {
  const mock = serverCommand('mock', 4010, 1000).args;
  const profiled = serverCommand('mock-profiled', 4010, 1000).args;
  expect(profiled).toEqual([...mock, '--profile', BENCH_PROFILE]);
  const profile = parseProfile(JSON.parse(readFileSync(BENCH_PROFILE, 'utf8')));
  expect(Object.keys(profile).sort()).toEqual([
    'defaultStatus',
    'errorCodes',
    'maxNameLength',
    'order',
    'outOfRangeLimit',
    'pagination',
    'unknownFields',
  ]);
});

it('starts mock-quiet and mock-json as the mock with its request log off, and as JSON lines', () => {
  const mock = serverCommand('mock', 4010, 1000).args;
  expect(serverCommand('mock-quiet', 4010, 1000).args).toEqual([...mock, '--quiet']);
  expect(serverCommand('mock-json', 4010, 1000).args).toEqual([...mock, '--log', 'json']);
});
