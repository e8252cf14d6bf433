import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { nodeAt } from '../../spec/document.ts';
import { documentAtLevel, type Level } from '../../spec/levels.ts';
import { argsFor, GENERATORS, type Generator, generate } from './generate.ts';
import { FRONTEND_OPTIONS, looseSpots, type Shape, shapeOf } from './plain-types.ts';
import { PROBED, type Probed, probeSource } from './probes.ts';

const root = new URL('../../', import.meta.url);
const SPEC: Record<Level, string> = {
  strict: fileURLToPath(new URL('spec/openapi.yaml', root)),
  interface: fileURLToPath(new URL('spec/openapi.interface.yaml', root)),
};
const LEVELS = Object.keys(SPEC) as Level[];
const CASES = LEVELS.flatMap((level) => GENERATORS.map((generator) => [generator, level] as const));

let dir: string;
let program: ts.Program;

const folder = (generator: Generator, level: Level) => join(dir, level, generator);
const probeFile = (generator: Generator, level: Level) =>
  join(folder(generator, level), 'probe.ts');

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'petstore-generators-'));
  // The generated clients and examples import packages as a frontend project would.
  await symlink(fileURLToPath(new URL('node_modules', root)), join(dir, 'node_modules'), 'dir');
  await Promise.all(
    CASES.map(async ([generator, level]) => {
      await mkdir(folder(generator, level), { recursive: true });
      await writeFile(probeFile(generator, level), probeSource(generator));
      await generate(generator, argsFor(generator, SPEC[level]), folder(generator, level));
    }),
  );
  const files = CASES.map(([generator, level]) => probeFile(generator, level));
  program = ts.createProgram(files, FRONTEND_OPTIONS);
}, 120_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The plain types the spec at a level means, written as a developer expects to read them. */
function expectedShapes(level: Level): Record<Probed, Shape> {
  const document = documentAtLevel(level);
  const union = (at: string) => {
    const values = nodeAt(document, at);
    return Array.isArray(values)
      ? values
          .map((value) => JSON.stringify(value))
          .sort()
          .join(' | ')
      : undefined;
  };
  const status = union('/components/schemas/PetStatus/enum') ?? 'string';
  return {
    PetStatus: status,
    Pet: { id: 'number', name: 'string', categoryId: 'number', 'status?': status },
    NewPet: { name: 'string', categoryId: 'number', 'status?': status },
    // The list of codes is a decision: at the interface level `code` is any string.
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
  const source = program.getSourceFile(probeFile(generator, level));
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
    const loose = looseSpots(checker, alias.type, folder(generator, level));
    expect.soft(loose, `unknown or any behind ${name}`).toEqual([]);
  }
});

it('type-checks code using each generated client in a strict frontend project', () => {
  const diagnostics = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    if (!diagnostic.file || diagnostic.start === undefined) return message;
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    return `${diagnostic.file.fileName.slice(dir.length + 1)}:${line + 1}: ${message}`;
  });
  expect(diagnostics).toEqual([]);
});
