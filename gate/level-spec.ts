/** The spec as the chosen contract level sees it, as a file external tools can read. */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { documentAtLevel, type Level } from '../spec/levels.ts';
import { specPath } from './tools.ts';

/**
 * Returns spec/openapi.yaml itself at `strict` level; at `interface` level writes the
 * document with every `x-decision` removed (from spec/document.gen.ts) into `dir`.
 */
export async function specFileAtLevel(level: Level, dir: string): Promise<string> {
  if (level === 'strict') return specPath;
  const file = join(dir, 'openapi.interface.json');
  await writeFile(file, JSON.stringify(documentAtLevel(level), null, 2));
  return file;
}
