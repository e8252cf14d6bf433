/**
 * The temporary folder the generator tests work in, laid out as docs/typed-client.md lays
 * out a frontend: per level of the spec and per generator a project whose `src/` holds the
 * generated `petstore` beside the probe and (strict level) the page's example; and the
 * page's exact-ids recipe.
 */
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Level } from '../../spec/levels.ts';
import { DOCUMENTED_SPEC_URL, GENERATORS, type Generator, generate } from './generate.ts';
import { probeSource } from './probes.ts';

const root = new URL('../../', import.meta.url);
const EXAMPLES = new URL('docs/typed-client/', root);
const DOCUMENTED_ORIGIN = new URL(DOCUMENTED_SPEC_URL).origin;

/** The spec file of each level, the input every generator reads. */
export const SPEC_FILES: Record<Level, string> = {
  strict: fileURLToPath(new URL('spec/openapi.yaml', root)),
  interface: fileURLToPath(new URL('spec/openapi.interface.yaml', root)),
};

/** The files of docs/typed-client/ in each folder: a generator's example, or the int64 recipe. */
export const EXAMPLE_FILES: Record<Generator | 'exact-ids', string[]> = {
  'hey-api': ['hey-api.ts'],
  orval: ['orval.config.ts', 'orval.ts'],
  'openapi-typescript': ['openapi-typescript.ts'],
  'exact-ids': ['int64-types.ts', 'exact-ids.ts'],
};

/** A prepared workspace: where each output, probe and example is. */
export type Workspace = {
  dir: string;
  /** The `src/` folder of a level's and generator's project. */
  folder(level: Level, generator: Generator): string;
  probe(level: Level, generator: Generator): string;
  /** The copy of a file of docs/typed-client/, with its mock origin swapped for the test's. */
  example(file: string): string;
  remove(): Promise<void>;
};

/** Generates every client into a new temporary folder; `origin` is the test's running mock. */
export async function createWorkspace(origin: string): Promise<Workspace> {
  const dir = await mkdtemp(join(tmpdir(), 'petstore-generators-'));
  const project = (level: Level, generator: Generator) => join(dir, level, generator);
  const folder = (level: Level, generator: Generator) => join(project(level, generator), 'src');
  const example = (file: string) => {
    const [name] = Object.entries(EXAMPLE_FILES).find(([, files]) => files.includes(file)) ?? [];
    if (!name) throw new Error(`docs/typed-client/${file} is in no folder of EXAMPLE_FILES`);
    if (name === 'exact-ids') return join(dir, name, file);
    const at = file.endsWith('.config.ts') ? project : folder;
    return join(at('strict', name as Generator), file);
  };
  // The page's code talks to the mock on port 4010 and generates from its URL; here the
  // generators read the level's spec file and the code talks to the test's mock.
  const copy = async (file: string, input: string, into: string) => {
    const text = await readFile(new URL(file, EXAMPLES), 'utf8');
    const swapped = text
      .replaceAll(DOCUMENTED_SPEC_URL, input)
      .replaceAll(DOCUMENTED_ORIGIN, origin);
    await writeFile(join(into, file), swapped);
  };
  // Packages resolve as in a frontend project, and top-level await needs ES modules.
  await symlink(fileURLToPath(new URL('node_modules', root)), join(dir, 'node_modules'), 'dir');
  await writeFile(join(dir, 'package.json'), '{ "type": "module" }\n');
  await mkdir(join(dir, 'exact-ids'));
  for (const file of EXAMPLE_FILES['exact-ids']) {
    await copy(file, `${origin}/openapi.json`, join(dir, 'exact-ids'));
  }
  const levels = Object.entries(SPEC_FILES) as [Level, string][];
  // Generators in parallel; one generator's levels in turn, so its npx folder is made once.
  await Promise.all(
    GENERATORS.map(async (generator) => {
      for (const [level, input] of levels) {
        const into = folder(level, generator);
        await mkdir(into, { recursive: true });
        await writeFile(join(into, 'probe.ts'), probeSource(generator));
        // orval's config sits at the project's root; the examples run at the strict level only.
        for (const file of EXAMPLE_FILES[generator]) {
          if (file.endsWith('.config.ts')) await copy(file, input, project(level, generator));
          else if (level === 'strict') await copy(file, input, into);
        }
        await generate(generator, input, project(level, generator));
      }
    }),
  );
  return {
    dir,
    folder,
    probe: (level, generator) => join(folder(level, generator), 'probe.ts'),
    example,
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
