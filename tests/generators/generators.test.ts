import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../mocks/node/server.ts';
import { nodeAt } from '../../spec/document.ts';
import { documentAtLevel, type Level } from '../../spec/levels.ts';
import { GENERATORS } from './generate.ts';
import { FRONTEND_OPTIONS, looseSpots, type Shape, shapeOf } from './plain-types.ts';
import { PROBED, type Probed } from './probes.ts';
import { createWorkspace, EXAMPLE_FILES, SPEC_FILES, type Workspace } from './workspace.ts';

const LEVELS = Object.keys(SPEC_FILES) as Level[];
const CASES = LEVELS.flatMap((level) => GENERATORS.map((generator) => [generator, level] as const));
const EXAMPLES = Object.values(EXAMPLE_FILES).flat();
const RUNS = ['hey-api.ts', 'orval.ts', 'openapi-typescript.ts', 'exact-ids.ts'];

let mock: MockServer;
let workspace: Workspace;
let program: ts.Program;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, quiet: true });
  workspace = await createWorkspace(mock.origin);
  // The page's int64 recipe writes petstore-exact.d.ts, which exact-ids.ts imports.
  await import(workspace.example('int64-types.ts'));
  const probes = CASES.map(([generator, level]) => workspace.probe(level, generator));
  // The examples run in Node here and in a browser in a frontend: both sets of globals.
  program = ts.createProgram([...probes, ...EXAMPLES.map(workspace.example)], {
    ...FRONTEND_OPTIONS,
    types: ['node'],
  });
}, 120_000);

afterAll(async () => {
  await mock?.close();
  await workspace?.remove();
});

/** The plain types the spec at a level means, written as a developer expects to read them. */
function expectedShapes(level: Level): Record<Probed, Shape> {
  const document = documentAtLevel(level);
  const union = (at: string) => {
    const values = nodeAt(document, at);
    if (!Array.isArray(values)) return undefined;
    return values
      .map((value) => JSON.stringify(value))
      .sort()
      .join(' | ');
  };
  const status = union('/components/schemas/PetStatus/enum') ?? 'string';
  return {
    PetStatus: status,
    Pet: { id: 'number', name: 'string', categoryId: 'number', 'status?': status },
    NewPet: { name: 'string', categoryId: 'number', 'status?': status },
    // `code` is any string at both levels: the codes the mock answers with are listed in
    // `x-error-codes`, which no generator turns into a type.
    Error: {
      code: union('/components/schemas/Error/properties/code/enum') ?? 'string',
      message: 'string',
      status: 'number',
    },
    ListPetsQuery: { 'limit?': 'number', 'status?': status },
    GetPetPath: { petId: 'number' },
  };
}

it.for(CASES)('%s generates plain types from the %s-level spec', ([generator, level]) => {
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(workspace.probe(level, generator));
  if (!source) throw new Error(`the probe for ${generator} at the ${level} level was not compiled`);
  const aliases = new Map(
    source.statements.filter(ts.isTypeAliasDeclaration).map((alias) => [alias.name.text, alias]),
  );
  const expected = expectedShapes(level);
  for (const name of PROBED) {
    const alias = aliases.get(name);
    if (!alias) throw new Error(`the probe declares no ${name}`);
    const shape = shapeOf(checker, checker.getTypeAtLocation(alias.name), alias);
    expect.soft(shape, `${name} as ${generator} types it`).toEqual(expected[name]);
    const loose = looseSpots(checker, alias.type, workspace.folder(level, generator));
    expect.soft(loose, `unknown or any behind ${name}`).toEqual([]);
  }
});

it('type-checks a frontend using each generated client, and every example of the page', () => {
  const diagnostics = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    if (!diagnostic.file || diagnostic.start === undefined) return message;
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    return `${diagnostic.file.fileName.slice(workspace.dir.length + 1)}:${line + 1}: ${message}`;
  });
  expect(diagnostics).toEqual([]);
}, 60_000);

it('leaves the projects it generated in as they were: no dependency added, no lockfile', async () => {
  expect(await readFile(join(workspace.dir, 'package.json'), 'utf8')).toBe(
    '{ "type": "module" }\n',
  );
  for (const [generator, level] of CASES) {
    const project = dirname(workspace.folder(level, generator));
    expect(existsSync(join(project, 'package.json')), project).toBe(false);
    expect(existsSync(join(project, 'package-lock.json')), project).toBe(false);
  }
  expect(existsSync(join(workspace.dir, 'package-lock.json'))).toBe(false);
});

it.for(RUNS)('runs docs/typed-client/%s against the mock', async (file) => {
  await expect(import(workspace.example(file))).resolves.toBeDefined();
});
