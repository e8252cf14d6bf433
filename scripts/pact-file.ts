/** `--pact FILE` of petstore-contract and petstore-gate: a consumer's pact to replay. */
import { readFileSync } from 'node:fs';
import { PactFileError, readPact } from '../contract-tests/pact/pact-file.ts';
import { pathFlag, UsageError } from './cli.ts';

/**
 * Reads --pact FILE (a Pact file, v2 to v4), relative to where the command runs, as its text;
 * a file that cannot be read or is no pact is a usage error naming it.
 */
export function loadPact(file: string, npmScript: string, env: NodeJS.ProcessEnv = process.env) {
  const path = pathFlag(file, npmScript, env);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`--pact ${file}: ${(error as NodeJS.ErrnoException).code ?? error}`);
  }
  try {
    readPact(text);
  } catch (error) {
    if (error instanceof PactFileError) throw new UsageError(`--pact ${file}: ${error.message}`);
    throw error;
  }
  return text;
}
