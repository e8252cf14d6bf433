import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// The project's own tests, as projects by cost (docs/testing-time.md): `npm run test:quick`
// runs `unit` and `in-process` (no child process worth waiting for), `npm test` runs all.
// The contract suite (contract-tests/suite/*.contract.ts) has its own config and runs
// against a server through `npm run contract`.

/** Unit tests beside the code, and the tests that read the repository's files. */
export const UNIT = [
  '{spec,mocks,contract-tests,gate,net,lib,bench,demo,scripts}/**/*.test.ts',
  'tests/architecture/**/*.test.ts',
];
/** Unit-level files that run the real tools (Prism, Dredd, the bench's servers): minutes. */
export const TOOLS = [
  'bench/bench.test.ts',
  'gate/{gate,gate-faults,run-gate,prism-mock}.test.ts',
  'gate/stages/{contract,prism}.test.ts',
];
/** The mock and the contract suite in this process: no port, no child process. */
export const IN_PROCESS = ['tests/in-process/**/*.test.ts'];
/** Everything that runs the packed packages (one `npm pack` per run, tests/package/installed.ts). */
export const PACKAGE = [
  'tests/package/**/*.test.ts',
  'tests/pact/**/*.test.ts',
  'tests/browser/landing.test.ts',
];
/** The real-framework panel, its services shared by the run (tests/real-servers/panel.ts). */
export const PANEL = ['tests/real-servers/**/*.test.ts'];
/** The contract suite and gate against the deliberately broken and the hostile servers. */
export const POWER = ['tests/contract-power/**/*.test.ts', 'tests/hostile/**/*.test.ts'];
/** Standalone processes under abuse, load, proxies and browsers. */
export const SYSTEM = [
  'tests/{reliability,scaling,sessions,generators}/**/*.test.ts',
  'tests/browser/**/*.test.ts',
];

/** Recipes a consumer project runs from the packed package, and the pact sample app. */
export const NOT_OURS = [
  'node_modules/**',
  'dist/**',
  'tests/package/recipes/**',
  'tests/pact/app/**',
];

/** A project: its name, the files it runs and leaves out, and whether its tests are slow. */
export type ProjectFiles = {
  name: string;
  include: string[];
  exclude: string[];
  slow?: boolean;
  globalSetup?: string[];
};

/** The projects, by cost: `npm run test:quick` runs `unit` and `in-process`. */
export const PROJECTS: ProjectFiles[] = [
  { name: 'unit', include: UNIT, exclude: TOOLS },
  { name: 'tools', include: TOOLS, exclude: [], slow: true },
  { name: 'in-process', include: IN_PROCESS, exclude: [] },
  // An empty folder per run where tests/package/installed.ts packs and installs.
  {
    name: 'package',
    include: PACKAGE,
    exclude: [],
    slow: true,
    globalSetup: ['tests/package/work-dir.ts'],
  },
  {
    name: 'panel',
    include: PANEL,
    exclude: [],
    slow: true,
    globalSetup: ['tests/real-servers/panel-setup.ts'],
  },
  { name: 'power', include: POWER, exclude: [], slow: true },
  { name: 'system', include: SYSTEM, exclude: PACKAGE, slow: true },
].map((each) => ({ ...each, exclude: [...NOT_OURS, ...each.exclude] }));

/**
 * A project of the files `include` names. The slow projects' tests run real child processes
 * (the contract CLI, servers, npm) three files at a time on two cores: their default timeout
 * is a guard against a hang, not a measure of speed, so it is two minutes there.
 */
const project = ({ name, include, exclude, slow, globalSetup }: (typeof PROJECTS)[number]) => ({
  extends: true as const,
  test: {
    name,
    include,
    exclude,
    // The run's temporary folder first (tests/temp-root.ts), then the project's own set-up.
    globalSetup: ['tests/temp-root.ts', ...(globalSetup ?? [])],
    ...(slow ? { testTimeout: 120_000 } : {}),
  },
});

/**
 * Each file's time in the last measured run (`npm run test:times -- --save` after it, files
 * over 5 s), in seconds, for a fresh clone that has no timings of its own yet.
 */
const SLOWEST = JSON.parse(
  readFileSync(new URL('./tests/file-seconds.json', import.meta.url), 'utf8'),
) as Record<string, number>;
/**
 * For a file with no time known, a rough time by its project (the order of magnitude of its
 * files in the runs of docs/testing-time.md); it only orders, so it need not be exact.
 */
const PROJECT_SECONDS: Record<string, number> = {
  panel: 120,
  power: 60,
  package: 60,
  tools: 30,
  system: 20,
  'in-process': 10,
  unit: 1,
};

/**
 * Longest files first across all projects, so that none of them starts last and runs alone
 * while the other workers sit idle (vitest's own order runs the projects one after another).
 * A file's time is vitest's cached duration from the last run here, else SLOWEST's (the last
 * measured run's), else its project's.
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = (spec: TestSpecification) => {
      const path = relative(this.ctx.config.root, spec.moduleId);
      const cached = this.ctx.cache.getFileTestResults(`${spec.project.name}:${path}`);
      if (cached) return cached.duration / 1000;
      return SLOWEST[path] ?? PROJECT_SECONDS[spec.project.name] ?? 0;
    };
    // Array.prototype.sort is stable: equal times keep vitest's own order.
    return (await super.sort(files)).sort((a, b) => seconds(b) - seconds(a));
  }
}

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Most files of the slow projects wait on child processes (servers, the contract CLI,
    // npm) or on time (outages, slow and rate-limited servers), so four files at a time keep
    // two cores busy: vitest's default of one (cores − 1) left one idle, and three left both
    // idle an eighth of the run (1,679 s of CPU in 979 s, docs/testing-time.md).
    maxWorkers: 4,
    sequence: { sequencer: LongestFirst },
    // Every run leaves its times where `npm run test:times` reads them (docs/testing-time.md).
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
    projects: PROJECTS.map(project),
  },
});
