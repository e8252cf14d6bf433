/**
 * A profile as text, the way its file is written: YAML, which JSON is too. The mock reads it
 * from `PUT /__mock/profile` and `loadProfile(file)`; `yaml` runs anywhere (no Node built-in).
 */
import { parse, YAMLParseError } from 'yaml';
import { type Profile, parseProfile } from '../../spec/profile.ts';

/** A profile text that is not YAML: the message says where, as the parser tells. */
export class ProfileTextError extends Error {}

/** Parses a profile from YAML or JSON text; throws ProfileTextError or spec's ProfileError. */
export function parseProfileText(text: string): Profile {
  let value: unknown;
  try {
    value = parse(text);
  } catch (error) {
    if (!(error instanceof YAMLParseError)) throw error;
    throw new ProfileTextError(`not YAML or JSON: ${error.message.split('\n')[0]}`);
  }
  return parseProfile(value);
}
