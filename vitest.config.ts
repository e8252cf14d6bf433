import { defineConfig } from 'vitest/config';

// The project's own tests, as projects by cost (docs/testing-time.md): `npm run test:quick`
// runs `unit` and `in-process` (no child process worth waiting for), `npm test` runs all.
// The contract suite (contract-tests/suite/*.contract.ts) has its own config and runs
// against a server through `npm run contract`.

/** Unit tests beside the code, and the tests that read the repository's files. */
const UNIT = [
  '{spec,mocks,contract-tests,gate,lib,bench,demo,scripts}/**/*.test.ts',
  'tests/architecture/**/*.test.ts',
];
/** Unit-level files that run the real tools (Prism, Dredd, the bench's servers): minutes. */
const TOOLS = [
  'bench/bench.test.ts',
  'gate/{gate,gate-faults,run-gate}.test.ts',
  'gate/stages/{contract,prism}.test.ts',
];
/** The mock and the contract suite in this process: no port, no child process. */
const IN_PROCESS = ['tests/in-process/**/*.test.ts'];
/** Everything that runs the packed packages (one `npm pack` per run, tests/package/installed.ts). */
const PACKAGE = [
  'tests/package/**/*.test.ts',
  'tests/pact/**/*.test.ts',
  'tests/browser/landing.test.ts',
];
/** The real-framework panel, its services shared by the run (tests/real-servers/panel.ts). */
const PANEL = ['tests/real-servers/**/*.test.ts'];
/** The contract suite and gate against the deliberately broken servers. */
const POWER = ['tests/contract-power/**/*.test.ts'];
/** Standalone processes under abuse, load, proxies and browsers. */
const SYSTEM = [
  'tests/{reliability,scaling,sessions,generators}/**/*.test.ts',
  'tests/browser/**/*.test.ts',
];

/** Recipes a consumer project runs from the packed package, and the pact sample app. */
const NOT_OURS = ['node_modules/**', 'dist/**', 'tests/package/recipes/**', 'tests/pact/app/**'];

const project = (
  name: string,
  include: string[],
  extra: { exclude?: string[]; globalSetup?: string[] } = {},
) => ({
  extends: true as const,
  test: { name, include, ...extra, exclude: [...NOT_OURS, ...(extra.exclude ?? [])] },
});

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Most files of the slow projects wait on child processes (servers, the contract CLI,
    // npm), so three files at a time keep two cores busy where vitest's default of one
    // (cores − 1) left one idle.
    maxWorkers: 3,
    projects: [
      project('unit', UNIT, { exclude: TOOLS }),
      project('tools', TOOLS),
      project('in-process', IN_PROCESS),
      // An empty folder per run where tests/package/installed.ts packs and installs.
      project('package', PACKAGE, { globalSetup: ['tests/package/work-dir.ts'] }),
      project('panel', PANEL, { globalSetup: ['tests/real-servers/panel-setup.ts'] }),
      project('power', POWER),
      project('system', SYSTEM, { exclude: PACKAGE }),
    ],
  },
});
