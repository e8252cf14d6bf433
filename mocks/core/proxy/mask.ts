/**
 * The backend's key kept out of everything the mock shows (proxy mode): replaced by
 * `[masked]` in a text, and in a body's chunks as they stream, a key split across two chunks
 * included.
 */
import { concat } from './relay.ts';

/** `text` with every occurrence of the backend's key replaced by `[masked]`. */
export const maskKey = (text: string, key: string | undefined): string =>
  key === undefined || key === '' || !text.includes(key) ? text : text.split(key).join('[masked]');

const ENCODER = new TextEncoder();
const MASKED = ENCODER.encode('[masked]');

/** Where `needle` starts in `bytes` at or after `from`, or -1. */
function indexOf(bytes: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0];
  for (
    let i = bytes.indexOf(first as number, from);
    i !== -1;
    i = bytes.indexOf(first as number, i + 1)
  ) {
    if (i + needle.length > bytes.length) return -1;
    let j = 1;
    while (j < needle.length && bytes[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}

/**
 * A body's chunks with every occurrence of the backend's key replaced by `[masked]`, as they
 * arrive: the last bytes of a chunk that could begin the key wait for the next one, so a key
 * split across two chunks is masked all the same.
 */
export async function* maskedChunks(
  chunks: AsyncIterable<Uint8Array>,
  key: string | undefined,
): AsyncIterable<Uint8Array> {
  if (key === undefined || key === '') return yield* chunks;
  const needle = ENCODER.encode(key);
  let held: Uint8Array = new Uint8Array(0);
  const mask = (bytes: Uint8Array, keep: number): Uint8Array => {
    const parts: Uint8Array[] = [];
    let start = 0;
    for (let at = indexOf(bytes, needle, 0); at !== -1; at = indexOf(bytes, needle, start)) {
      parts.push(bytes.subarray(start, at), MASKED);
      start = at + needle.length;
    }
    const end = Math.max(start, bytes.length - keep);
    parts.push(bytes.subarray(start, end));
    held = bytes.slice(end);
    return concat(parts);
  };
  for await (const chunk of chunks) {
    const out = mask(concat([held, chunk]), needle.length - 1);
    if (out.length > 0) yield out;
  }
  const rest = mask(held, 0);
  if (rest.length > 0) yield rest;
}
