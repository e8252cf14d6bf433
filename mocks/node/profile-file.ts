/**
 * `loadProfile(file)`: a backend's profile file (YAML or JSON, the file `petstore-contract
 * --profile` reads) as the object `startMockServer`, `createNodeHandlers` and the control
 * handle take.
 */
import { readFile } from 'node:fs/promises';
import type { Profile } from '../../spec/profile.ts';
import { parseProfileText } from '../core/profile-text.ts';

/** Reads and checks a profile file; rejects with a message naming the file and the field. */
export async function loadProfile(file: string | URL): Promise<Profile> {
  const text = await readFile(file, 'utf8');
  try {
    return parseProfileText(text);
  } catch (error) {
    throw new Error(`profile ${String(file)}: ${(error as Error).message}`);
  }
}
