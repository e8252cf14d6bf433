/**
 * The servers the benchmark compares and how each is started as its own process: the
 * project's standalone mock, the bare node:http yardstick, and Prism's mock of the spec
 * (as users run it, and with its logging off).
 */

import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DEFAULT_API_KEY } from '../mocks/core/defaults.ts';
import type { ServerCommand } from './processes.ts';

/** The profile `mock-profiled` answers by: every field declared, each unlike the mock's own. */
export const BENCH_PROFILE = 'bench/profile.json';

/**
 * The servers, in the order they start: `mock` is `petstore-mock` as users run it (its request
 * log on stdout as text, the default); `mock-quiet` the same with `--quiet` (no log) and
 * `mock-json` with `--log json`; `prism` is `prism mock` as users run it (it logs each
 * request, the default); `prism-quiet` is the same with its logging off, Prism at its fastest;
 * `msw-floor` is msw behind the mock's adapter with a handler that does nothing;
 * `mock-profiled` is the mock answering by a profile (BENCH_PROFILE).
 */
export const SERVER_NAMES = [
  'bare',
  'mock',
  'mock-quiet',
  'mock-json',
  'mock-profiled',
  'prism',
  'prism-quiet',
  'msw-floor',
] as const;

/** The servers a run measures unless told otherwise (msw-floor only on request). */
export const DEFAULT_SERVERS: readonly ServerName[] = [
  'bare',
  'mock',
  'mock-quiet',
  'mock-json',
  'mock-profiled',
  'prism',
  'prism-quiet',
];

/** Whether `server` is the project's mock (any of its variants), run from its bundle. */
export const isMock = (server: ServerName): boolean => server.startsWith('mock');

const MOCK_FLAGS: Partial<Record<ServerName, string[]>> = {
  'mock-quiet': ['--quiet'],
  'mock-json': ['--log', 'json'],
  'mock-profiled': ['--profile', BENCH_PROFILE],
};

/** One server's name. */
export type ServerName = (typeof SERVER_NAMES)[number];

const TSX = ['--import', 'tsx'];

/** Builds dist/mock.mjs when missing or stale, as `petstore-mock` does, before it is timed. */
export function ensureMockBundle(): void {
  execFileSync(process.execPath, ['scripts/bin/petstore-mock.js', '--help'], {
    cwd: ROOT,
    stdio: 'ignore',
  });
}

/** The path prefix of the API on `server`: Prism ignores the spec's absolute server URLs. */
export const basePath = (server: ServerName): string => (server.startsWith('prism') ? '' : '/v1');

/** Whether `server` keeps no state (Prism, the msw floor), so one run stands for every size. */
export const isStateless = (server: ServerName): boolean =>
  server.startsWith('prism') || server === 'msw-floor';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * The command that starts `server` on `port` with `seedCount` pets (Prism keeps no state and
 * ignores the count). The mock runs as users run it, from the esbuild bundle on plain node
 * (`ensureMockBundle` builds it first); the bare server runs through tsx's loader in the same
 * process. Either way the pid is the server's own (the `tsx` command would add a parent).
 */
export function serverCommand(
  server: ServerName,
  port: number,
  seedCount: number,
  nodeFlags: string[] = [],
): ServerCommand {
  const node = process.execPath;
  switch (server) {
    case 'bare':
      return {
        command: node,
        cwd: ROOT,
        args: [
          ...nodeFlags,
          ...TSX,
          'bench/serve-bare.ts',
          '--port',
          String(port),
          '--seed-count',
          String(seedCount),
        ],
      };
    case 'msw-floor':
      return {
        command: node,
        cwd: ROOT,
        args: [...nodeFlags, ...TSX, 'bench/serve-msw-floor.ts', '--port', String(port)],
      };
    case 'mock':
    case 'mock-quiet':
    case 'mock-json':
    case 'mock-profiled':
      return {
        command: node,
        cwd: ROOT,
        args: [
          ...nodeFlags,
          'dist/mock.mjs',
          '--port',
          String(port),
          '--seed-count',
          String(seedCount),
          '--api-key',
          DEFAULT_API_KEY,
          ...(MOCK_FLAGS[server] ?? []),
        ],
      };
    case 'prism':
    case 'prism-quiet':
      return {
        command: node,
        cwd: ROOT,
        args: [
          ...nodeFlags,
          'node_modules/@stoplight/prism-cli/dist/index.js',
          'mock',
          'spec/openapi.yaml',
          '--host',
          '127.0.0.1',
          '--port',
          String(port),
          ...(server === 'prism-quiet' ? ['--verboseLevel', 'silent'] : []),
        ],
      };
  }
}
