// Builds dist/mock.mjs, scripts/mock.ts bundled with everything it imports, when it is
// missing or older than any file it was built from, so the mock runs on plain node.
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { keepModuleUrls } from './module-urls.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The bundle's path. */
export const BUNDLE = `${ROOT}dist/mock.mjs`;
const INPUTS = `${ROOT}dist/mock.inputs.json`;
// npm extracts packages with their tarballs' old dates, so a changed package shows only in
// the lockfiles npm rewrites on install.
const LOCKFILES = ['package-lock.json', 'node_modules/.package-lock.json'];
// The build's own code is an input too.
const BUILDERS = ['build/mock-bundle.js', 'build/module-urls.js'];

function isFresh() {
  try {
    const built = statSync(BUNDLE).mtimeMs;
    const inputs = JSON.parse(readFileSync(INPUTS, 'utf8'));
    return inputs.every((file) => statSync(`${ROOT}${file}`).mtimeMs <= built);
  } catch {
    return false; // no bundle, no input list, or an input gone: build again
  }
}

/** Returns the bundle's path, building it first when it is missing or stale. */
export async function ensureMockBundle() {
  if (isFresh()) return BUNDLE;
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: ['scripts/mock.ts'],
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    write: false,
    metafile: true,
    outfile: BUNDLE,
    logLevel: 'warning',
    // The landing page's assets are read from mocks/node/landing/assets/, beside their module.
    plugins: [keepModuleUrls({ root: ROOT, outdir: `${ROOT}dist` })],
    // Bundled CommonJS packages call require() for Node's built-ins.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
    },
  });
  mkdirSync(`${ROOT}dist`, { recursive: true });
  // Written under a temporary name then renamed, so a concurrent start never reads half a file.
  const temporary = `${BUNDLE}.${process.pid}.tmp`;
  writeFileSync(temporary, result.outputFiles[0].contents);
  writeFileSync(
    `${INPUTS}.${process.pid}.tmp`,
    JSON.stringify([
      ...BUILDERS,
      ...Object.keys(result.metafile.inputs),
      ...LOCKFILES.filter((file) => existsSync(`${ROOT}${file}`)),
    ]),
  );
  renameSync(`${INPUTS}.${process.pid}.tmp`, INPUTS);
  renameSync(temporary, BUNDLE);
  return BUNDLE;
}
