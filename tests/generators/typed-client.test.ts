import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../mocks/node/server.ts';
import {
  commandLine,
  DOCUMENTED_SPEC_URL,
  documentedArgs,
  GENERATORS,
  type Generator,
  generate,
} from './generate.ts';
import { FRONTEND_OPTIONS } from './plain-types.ts';

const root = new URL('../../', import.meta.url);
const PAGE = new URL('docs/typed-client.md', root);
const EXAMPLES = new URL('docs/typed-client/', root);
const DOCUMENTED_ORIGIN = new URL(DOCUMENTED_SPEC_URL).origin;
const TSX = fileURLToPath(new URL('node_modules/.bin/tsx', root));

// Each example runs in its own folder, beside what it imports, as the page lays it out.
const FOLDERS: Record<Generator | 'exact-ids', string[]> = {
  'hey-api': ['hey-api.ts'],
  orval: ['orval.config.ts', 'orval.ts'],
  'openapi-typescript': ['openapi-typescript.ts'],
  'exact-ids': ['int64-types.ts', 'exact-ids.ts'],
};
const RUNS = ['hey-api.ts', 'orval.ts', 'openapi-typescript.ts', 'exact-ids.ts'];

let mock: MockServer;
let dir: string;

const folderOf = (file: string) =>
  join(dir, Object.entries(FOLDERS).find(([, files]) => files.includes(file))?.[0] ?? '');

const tsx = (file: string) =>
  promisify(execFile)(TSX, [file], { cwd: folderOf(file), timeout: 30_000 });

beforeAll(async () => {
  mock = await startMockServer({ port: 0, quiet: true });
  dir = await mkdtemp(join(tmpdir(), 'petstore-typed-client-'));
  await symlink(fileURLToPath(new URL('node_modules', root)), join(dir, 'node_modules'), 'dir');
  // Top-level await, as in a frontend project's ES modules.
  await writeFile(join(dir, 'package.json'), '{ "type": "module" }\n');
  for (const [folder, files] of Object.entries(FOLDERS)) {
    await mkdir(join(dir, folder));
    for (const file of files) {
      // The page's mock listens on 4010; this one on a free port.
      const text = await readFile(new URL(file, EXAMPLES), 'utf8');
      await writeFile(join(dir, folder, file), text.replaceAll(DOCUMENTED_ORIGIN, mock.origin));
    }
  }
  const withMockUrl = (args: string[]) =>
    args.map((arg) => arg.replace(DOCUMENTED_ORIGIN, mock.origin));
  await Promise.all([
    ...GENERATORS.map((g) => generate(g, withMockUrl(documentedArgs(g)), join(dir, g))),
    tsx('int64-types.ts'),
  ]);
}, 120_000);

afterAll(async () => {
  await mock?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

it('gives the command for each generator at the version this project tests', async () => {
  const page = await readFile(PAGE, 'utf8');
  for (const generator of GENERATORS) {
    expect(page).toContain(commandLine(generator, documentedArgs(generator)));
  }
  expect(page).toContain('npx tsx int64-types.ts');
});

it('quotes every file of docs/typed-client/ verbatim', async () => {
  const page = await readFile(PAGE, 'utf8');
  const quoted = new Map(
    [...page.matchAll(/<!-- (docs\/typed-client\/[\w.-]+) -->\n```ts\n([\s\S]*?)```/g)].map(
      ([, path, code]) => [path, code],
    ),
  );
  const files = (await readdir(EXAMPLES)).sort();
  expect([...quoted.keys()].sort()).toEqual(files.map((file) => `docs/typed-client/${file}`));
  for (const file of files) {
    expect(quoted.get(`docs/typed-client/${file}`), file).toBe(
      await readFile(new URL(file, EXAMPLES), 'utf8'),
    );
  }
});

it('type-checks every example against the client its command generated', () => {
  const files = Object.values(FOLDERS)
    .flat()
    .map((file) => join(folderOf(file), file));
  // The examples run in Node here and in a browser in a frontend: both sets of globals.
  const program = ts.createProgram(files, { ...FRONTEND_OPTIONS, types: ['node'] });
  const diagnostics = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    if (!diagnostic.file || diagnostic.start === undefined) return message;
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    return `${diagnostic.file.fileName.slice(dir.length + 1)}:${line + 1}: ${message}`;
  });
  expect(diagnostics).toEqual([]);
});

it.for(RUNS)('runs docs/typed-client/%s against the mock', async (file) => {
  await expect(tsx(file)).resolves.toBeDefined();
});
