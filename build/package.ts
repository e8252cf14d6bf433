/**
 * Builds what each of the three packages ships into `packages/NAME/dist/` (run by `npm pack`
 * through each workspace's prepack): bundles of the project's top-level folders, the source
 * files the bundles read at run time (the contract suite's TypeScript, which vitest runs; the
 * landing page's assets; the spec), declaration files, the guides and the example projects
 * (build/guides.ts).
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type BuildOptions, build } from 'esbuild';
import { writeExamples, writeGuides } from './guides.ts';
import { keepModuleUrls } from './module-urls.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The packages this repository publishes, by their folder under packages/. */
export const PACKAGES = ['petstore-mock', 'petstore-contract', 'petstore-gate'] as const;
/** One of PACKAGES. */
export type PackageName = (typeof PACKAGES)[number];

// Bundled CommonJS packages call require() for Node's built-ins.
const REQUIRE_BANNER =
  "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);";

/** Where a build writes: a dist/, and dist/src/, the mirror of the sources its bundles read. */
type Layout = { dist: string; mirror: string };

/** A package's own dist/ (or `dist`, elsewhere) and its mirror. */
const layout = (name: PackageName, dist = join(ROOT, 'packages', name, 'dist')): Layout => ({
  dist,
  mirror: join(dist, 'src'),
});

/** Source files a package's bundles read at run time, copied into the mirror (tests left out). */
const RUNTIME_FILES: Record<PackageName, string[]> = {
  'petstore-mock': [
    'mocks/node/landing/assets',
    'mocks/node/console/assets',
    'spec/openapi.yaml',
    'spec/openapi.interface.yaml',
  ],
  'petstore-contract': ['contract-tests', 'spec', 'net'],
  'petstore-gate': ['contract-tests', 'spec', 'net', 'gate/stages/dredd-hooks.cjs'],
};

const shipped = (source: string) => !/\.test\.ts$/.test(source);

/** Files a package ships for its users to read by path (generators read the spec's YAML). */
const USER_FILES: Record<PackageName, string[]> = {
  'petstore-mock': ['spec/openapi.yaml', 'spec/openapi.interface.yaml'],
  'petstore-contract': [],
  'petstore-gate': [],
};

async function copyFiles(paths: readonly string[], into: string): Promise<void> {
  for (const path of paths) {
    await mkdir(dirname(join(into, path)), { recursive: true });
    await cp(join(ROOT, path), join(into, path), { recursive: true, filter: shipped });
  }
}

/** Bundles `entryPoints` of the project's code for Node; packages stay imports unless `inline`. */
async function bundle(
  name: PackageName,
  entryPoints: Record<string, string>,
  options: { inline?: boolean; platform?: 'node' | 'neutral'; splitting?: boolean },
  { dist, mirror }: Layout = layout(name),
): Promise<void> {
  const settings: BuildOptions = {
    absWorkingDir: ROOT,
    entryPoints,
    bundle: true,
    format: 'esm',
    platform: options.platform ?? 'node',
    target: options.platform === 'neutral' ? 'es2022' : 'node20',
    outdir: dist,
    entryNames: '[name]',
    // Chunks beside the entries: module URLs are computed from this folder.
    chunkNames: '[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    splitting: options.splitting ?? false,
    external: options.inline ? ['vitest', 'vitest/*', 'fast-check'] : ['node:*'],
    ...(options.inline ? {} : { packages: 'external' as const }),
    // ES builds first: some packages' CommonJS builds (jsonc-parser's UMD, under Spectral)
    // require files by computed names that a bundle cannot follow.
    mainFields: ['module', 'main'],
    logLevel: 'warning',
    plugins: [keepModuleUrls({ root: ROOT, outdir: dist, mirror })],
    banner: options.platform === 'neutral' ? undefined : { js: REQUIRE_BANNER },
  };
  await build(settings);
}

/** The declaration files of `entries`, emitted by tsc from the sources into dist/types/. */
async function buildTypes(name: PackageName, entries: string[]): Promise<void> {
  const { dist } = layout(name);
  const config = join(dist, 'tsconfig.types.json');
  await writeFile(
    config,
    JSON.stringify({
      extends: join(ROOT, 'tsconfig.json'),
      compilerOptions: {
        noEmit: false,
        declaration: true,
        emitDeclarationOnly: true,
        rootDir: ROOT,
        outDir: join(dist, 'types'),
      },
      include: [],
      files: entries.map((entry) => join(ROOT, entry)),
    }),
  );
  const tsc = fileURLToPath(import.meta.resolve('typescript/bin/tsc'));
  await promisify(execFile)(process.execPath, [tsc, '-p', config], { cwd: ROOT });
  await rm(config);
}

/** Each package's command: its bundle's name and entry, with everything but vitest inlined. */
const COMMANDS: Record<PackageName, Record<string, string>> = {
  'petstore-mock': { mock: 'scripts/mock.ts' },
  'petstore-contract': { contract: 'scripts/petstore-contract.ts' },
  'petstore-gate': { gate: 'scripts/petstore-gate.ts' },
};

const BUILDS: Record<PackageName, () => Promise<unknown>> = {
  'petstore-mock': () =>
    Promise.all([
      // The entries keep msw an import, so the consumer's msw (a peer) is the one they use.
      bundle(
        'petstore-mock',
        { node: 'mocks/node/index.ts', browser: 'mocks/browser/index.ts', spec: 'spec/index.ts' },
        { platform: 'neutral', splitting: true },
      ),
      // The command carries everything, msw included, and runs on plain node.
      bundle('petstore-mock', COMMANDS['petstore-mock'], { inline: true }),
      buildTypes('petstore-mock', [
        'mocks/node/index.ts',
        'mocks/browser/index.ts',
        'spec/index.ts',
      ]),
    ]),
  'petstore-contract': () =>
    Promise.all([
      bundle('petstore-contract', { index: 'contract-tests/index.ts' }, {}),
      bundle('petstore-contract', COMMANDS['petstore-contract'], { inline: true }),
      buildTypes('petstore-contract', ['contract-tests/index.ts']),
    ]),
  'petstore-gate': () => bundle('petstore-gate', COMMANDS['petstore-gate'], { inline: true }),
};

/** Builds one package's dist/ afresh; a failed build leaves no dist/ to pack. */
export async function buildPackage(name: PackageName): Promise<void> {
  const { dist, mirror } = layout(name);
  const spec = join(ROOT, 'packages', name, 'spec');
  const docs = join(ROOT, 'packages', name, 'docs');
  const examples = join(ROOT, 'packages', name, 'examples');
  await Promise.all(
    [dist, spec, docs, examples].map((dir) => rm(dir, { recursive: true, force: true })),
  );
  await mkdir(dist, { recursive: true });
  try {
    await copyFiles(RUNTIME_FILES[name], mirror);
    await copyFiles(USER_FILES[name], join(ROOT, 'packages', name));
    await writeGuides(name, ROOT, join(ROOT, 'packages', name));
    await writeExamples(name, ROOT, join(ROOT, 'packages', name));
    await BUILDS[name]();
  } catch (error) {
    await rm(dist, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Builds only a package's command, as its package ships it, into `dist` (outside packages/,
 * whose dist/ `npm pack` rebuilds): the bundle and the sources it reads at run time. Tests
 * that run the command hundreds of times use it (tests/contract-power/contract-command.ts):
 * on plain node, it starts in a fifth less CPU than the checkout's command through tsx.
 * Returns the path of the bundle to run with node.
 */
export async function buildCommand(name: PackageName, dist: string): Promise<string> {
  const where = layout(name, dist);
  await copyFiles(RUNTIME_FILES[name], where.mirror);
  await bundle(name, COMMANDS[name], { inline: true }, where);
  return join(dist, `${Object.keys(COMMANDS[name])[0]}.mjs`);
}
