/** `--profile FILE` of petstore-contract and petstore-gate: a server's declared gap choices. */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { type Profile, parseProfile } from '../spec/profile.ts';
import { pathFlag, UsageError } from './cli.ts';

/**
 * Reads --profile FILE (YAML, which JSON is too), relative to where the command runs; a
 * mistake in it is a usage error naming the file.
 */
export function loadProfile(
  file: string,
  npmScript: string,
  env: NodeJS.ProcessEnv = process.env,
): Profile {
  const path = pathFlag(file, npmScript, env);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`--profile ${file}: ${(error as NodeJS.ErrnoException).code ?? error}`);
  }
  try {
    return parseProfile(parse(text));
  } catch (error) {
    throw new UsageError(`--profile ${file}: ${(error as Error).message}`);
  }
}
