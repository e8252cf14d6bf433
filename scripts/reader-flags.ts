/**
 * The flags both commands take for reading a server's answers (net/): the response size
 * bound and the CA certificates to trust beside the system's.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from './cli.ts';

/** The flag definitions, for parseArgs. */
export const READER_FLAGS = {
  'max-response-size': { type: 'string' },
  ca: { type: 'string' },
} as const;

const UNITS: Record<string, number> = {
  '': 1,
  k: 1024,
  kib: 1024,
  m: 1024 ** 2,
  mib: 1024 ** 2,
  g: 1024 ** 3,
  gib: 1024 ** 3,
};

/** Reads a size in bytes: `16777216`, `16MiB`, `512k`, `1 GiB` (binary units). */
export function sizeFlag(flag: string, text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  const unit = UNITS[(match?.[2] ?? '').toLowerCase()];
  const bytes = match && unit ? Math.floor(Number(match[1]) * unit) : Number.NaN;
  if (!(bytes >= 1024))
    throw new UsageError(
      `--${flag} must be a size of at least 1 KiB, in bytes or with KiB, MiB or GiB (e.g. 16MiB), got "${text}"`,
    );
  return bytes;
}

/** The PEM text of the --ca file, or a UsageError naming the file and what is wrong. */
export function caFlag(file: string): string {
  let text: string;
  try {
    text = readFileSync(resolve(file), 'utf8');
  } catch (error) {
    throw new UsageError(
      `--ca ${file}: cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
  if (!text.includes('-----BEGIN CERTIFICATE-----'))
    throw new UsageError(
      `--ca ${file}: not a PEM certificate (no "-----BEGIN CERTIFICATE-----" line)`,
    );
  return text;
}

/** The reader's options as the flags give them: each only when given. */
export function readerOptions(values: { 'max-response-size'?: string; ca?: string }) {
  return {
    ...(values['max-response-size'] === undefined
      ? {}
      : { maxResponseBytes: sizeFlag('max-response-size', values['max-response-size']) }),
    ...(values.ca === undefined ? {} : { ca: caFlag(values.ca) }),
  };
}
