/** For tests: a stage context for one server, with the gate's defaults and a work folder. */
import { testTempDir } from '../lib/temp-dirs.ts';
import type { StageContext } from './stage-context.ts';

/** A context for the server at `baseUrl` with `apiKey`, `overrides` on the defaults. */
export function testContext(
  server: { baseUrl: string; apiKey: string; isMock?: boolean },
  overrides: Partial<StageContext> = {},
): StageContext {
  return {
    target: {
      baseUrl: server.baseUrl,
      apiKey: server.apiKey,
      isMock: server.isMock ?? false,
      close: async () => {},
    },
    level: 'interface',
    readOnly: false,
    concurrency: 16,
    requestTimeoutMs: 15_000,
    reading: {},
    deadline: Date.now() + 240_000,
    runId: 'test',
    workDir: testTempDir('gate-stage-'),
    ...overrides,
  };
}
