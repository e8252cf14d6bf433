/**
 * `npm run pack`: builds and packs the three packages into dist/packs/, and ends by saying
 * where the tarballs are and the `npm i -D` line that installs each, instead of npm's list
 * of every file packed. Until the packages are published, these files are how a project
 * installs them. npm's own output is shown only when packing fails.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PACKAGES } from '../build/package.ts';
import { runProcess } from '../lib/run-process.ts';
import { runCommand } from './cli.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DESTINATION = join(ROOT, 'dist', 'packs');

const HELP = `Usage: npm run pack

Builds the three packages (each workspace's prepack) and packs them into dist/packs/,
then prints, for each, the line that installs it into another project and, last, the
three tarballs' paths. Until the packages are published, install them from these files.`;

/** What the install of each package adds beside it (msw is petstore-mock's peer). */
const BESIDE: Record<string, string> = { 'petstore-mock': ' msw' };

/** The tarballs npm's JSON report names, in PACKAGES order, as absolute paths. */
function tarballsOf(stdout: string, destination: string): string[] {
  // Each prepack's own output comes first on stdout; npm's JSON report is the rest.
  const start = stdout.search(/^\[/m);
  if (start < 0) throw new Error('npm pack printed no JSON report');
  const reports = JSON.parse(stdout.slice(start)) as { name: string; filename: string }[];
  return PACKAGES.map((name) => {
    const report = reports.find((r) => r.name === name);
    if (!report) throw new Error(`npm pack made no tarball of ${name}`);
    return resolve(destination, report.filename);
  });
}

/** The lines `npm run pack` ends with: how to install each tarball, then their paths. */
function packedLines(tarballs: readonly string[], seconds: number): string[] {
  return [
    `Packed the three packages into ${DESTINATION} in ${seconds.toFixed(0)} s.`,
    'Until they are published, a project installs them from these files:',
    ...tarballs.map((file, i) => `  npm i -D ${file}${BESIDE[PACKAGES[i] ?? ''] ?? ''}`),
    '',
    ...tarballs,
  ];
}

runCommand({ name: 'pack', help: HELP, flags: {} }, async () => {
  const started = Date.now();
  mkdirSync(DESTINATION, { recursive: true });
  console.log(`Building and packing ${PACKAGES.join(', ')} (about a minute)…`);
  const npm = await runProcess(
    'npm',
    ['pack', '--workspaces', '--json', '--pack-destination', DESTINATION],
    { cwd: ROOT, timeoutMs: 600_000 },
  );
  if (npm.code !== 0 || npm.timedOut) {
    console.error(npm.output);
    console.error(
      `pack: npm pack ${npm.timedOut ? 'took over 10 minutes' : `failed (exit ${npm.code})`}; its output is above.`,
    );
    return 1;
  }
  const lines = packedLines(tarballsOf(npm.stdout, DESTINATION), (Date.now() - started) / 1000);
  console.log(lines.join('\n'));
  return 0;
});
