/**
 * Builds what the package ships (run by `npm pack` and `npm publish` through prepack): the
 * `./node`, `./browser` and `./spec` entries as JavaScript with their types, and the two
 * commands as bundles that run on plain node.
 */
import { execFile } from 'node:child_process';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { ensureMockBundle } from './mock-bundle.js';
import { keepModuleUrls } from './module-urls.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = `${ROOT}dist/`;

/** The package's entry points, by the name of their file in dist/lib/. */
const ENTRIES = {
  node: 'mocks/node/index.ts',
  browser: 'mocks/browser/index.ts',
  spec: 'spec/index.ts',
} as const;

// Bundled CommonJS packages call require() for Node's built-ins.
const REQUIRE_BANNER =
  "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);";

/**
 * The entries, each with the project code it imports; packages stay imports, so a consumer's
 * msw (a peer dependency) is the one the handlers register with. Shared code goes to chunks.
 */
async function buildEntries(): Promise<void> {
  const temporary = `${DIST}lib.${process.pid}.tmp`;
  await build({
    absWorkingDir: ROOT,
    entryPoints: ENTRIES,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    packages: 'external',
    external: ['node:*'],
    outdir: temporary,
    entryNames: '[name]',
    chunkNames: '[name]-[hash]',
    logLevel: 'warning',
    plugins: [keepModuleUrls({ root: ROOT, outdir: `${DIST}lib` })],
  });
  await rm(`${DIST}lib`, { recursive: true, force: true });
  await rename(temporary, `${DIST}lib`);
}

/**
 * `petstore-contract` as one file: the contract suite's runtime (vitest, fast-check) stays
 * outside, an optional peer dependency; vitest runs the suite's own TypeScript files.
 */
async function buildContractBundle(): Promise<void> {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: ['scripts/contract.ts'],
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    write: false,
    outfile: `${DIST}contract.mjs`,
    external: ['vitest', 'vitest/*', 'fast-check'],
    logLevel: 'warning',
    plugins: [keepModuleUrls({ root: ROOT, outdir: DIST })],
    banner: { js: REQUIRE_BANNER },
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild wrote no contract bundle');
  await writeFile(`${DIST}contract.mjs.${process.pid}.tmp`, output.contents);
  await rename(`${DIST}contract.mjs.${process.pid}.tmp`, `${DIST}contract.mjs`);
}

/** The entries' declaration files, emitted by tsc from the sources (tsconfig.build.json). */
async function buildTypes(): Promise<void> {
  await rm(`${DIST}types`, { recursive: true, force: true });
  const tsc = fileURLToPath(import.meta.resolve('typescript/bin/tsc'));
  await promisify(execFile)(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: ROOT });
}

/** Builds everything the package ships into dist/. */
export async function buildPackage(): Promise<void> {
  await mkdir(DIST, { recursive: true });
  await Promise.all([ensureMockBundle(), buildContractBundle(), buildEntries(), buildTypes()]);
}
