/**
 * `npm run vendor:swagger-ui -- --version X`: copies the files of Swagger UI that the mock's
 * /docs/ page serves from swagger-ui-dist's tarball into mocks/node/landing/assets/swagger-ui/.
 * Vendored, not installed: swagger-ui-dist depends on @scarf/scarf, whose install script
 * reports every install, and no user of this project should run it.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { runCommand, UsageError } from './cli.ts';

const HELP = `Usage: npm run vendor:swagger-ui -- --version X

Fetches swagger-ui-dist@X with npm pack (its install scripts and dependencies never run)
and copies the files the /docs/ page serves into mocks/node/landing/assets/swagger-ui/,
with their licence, then writes the version into that folder's VERSION file.`;

const FOLDER = fileURLToPath(new URL('../mocks/node/landing/assets/swagger-ui/', import.meta.url));
const FILES = [
  'swagger-ui-bundle.js',
  'swagger-ui-bundle.js.LICENSE.txt',
  'swagger-ui.css',
  'favicon-32x32.png',
  'LICENSE',
  'NOTICE',
];

const run = promisify(execFile);

runCommand(
  { name: 'vendor:swagger-ui', help: HELP, flags: { version: { type: 'string' } } },
  async (values) => {
    const version = values.version;
    if (!version) throw new UsageError('--version is required, e.g. --version 5.35.0');
    const dir = await mkdtemp(join(tmpdir(), 'swagger-ui-'));
    try {
      const { stdout } = await run('npm', ['pack', `swagger-ui-dist@${version}`, '--json'], {
        cwd: dir,
      });
      const [packed] = JSON.parse(stdout) as { filename: string }[];
      if (!packed) throw new Error(`npm pack swagger-ui-dist@${version} packed nothing`);
      const { filename } = packed;
      await run('tar', ['-xzf', filename], { cwd: dir });
      for (const file of FILES) await cp(join(dir, 'package', file), join(FOLDER, file));
      // Browsers with developer tools open would ask for a source map the mock does not serve.
      const css = join(FOLDER, 'swagger-ui.css');
      const text = await readFile(css, 'utf8');
      await writeFile(css, text.replace(/\/\*# sourceMappingURL=.*\*\/\n?/, ''));
      await writeFile(join(FOLDER, 'VERSION'), `${version}\n`);
      console.log(`vendored swagger-ui-dist ${version} into ${FOLDER}`);
      return 0;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
);
