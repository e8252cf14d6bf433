/**
 * Scans JSON text without recursion: how deep it nests (so nothing recursive downstream, Ajv,
 * a report's rendering, stringify, ever sees a value deeper than a bound) and, fed chunk by
 * chunk, where each item of a top-level array ends (so a list still going past its `limit`
 * is seen without reading the rest).
 */

/** The deepest nesting any JSON value may have here: far beyond any answer of the interface. */
export const MAX_JSON_DEPTH = 256;

// Character codes of the bytes the scans look at (the same in UTF-16 text and UTF-8 bytes).
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]);
const CLOSERS = new Set([0x5d, 0x7d]);
const COMMA = 0x2c;

/** Whether `text` nests deeper than `limit` outside its strings; stops at the first level past it. */
export function nestsDeeper(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let at = 0; at < text.length; at++) {
    const c = text.charCodeAt(at);
    if (inString) {
      if (c === BACKSLASH) at++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (OPENERS.has(c)) {
      if (++depth > limit) return true;
    } else if (CLOSERS.has(c)) depth--;
  }
  return false;
}

/**
 * Follows the UTF-8 bytes of an answer as they arrive and counts the items of its top-level
 * array: `ends` holds the byte offset just past each item that ended with a comma. A body
 * that is not an array (its first byte after white space is not `[`) counts none.
 */
export class ArrayItems {
  /** Byte offsets of the commas that end the top-level array's items, in order. */
  readonly ends: number[] = [];
  private depth = 0;
  private inString = false;
  private escaped = false;
  private seen = 0;
  private isArray: boolean | undefined;

  /** Scans the next chunk of the body. */
  feed(chunk: Uint8Array): void {
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i] as number;
      const at = this.seen + i;
      if (this.isArray === undefined) {
        if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) continue;
        this.isArray = c === 0x5b;
      }
      if (!this.isArray) break;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === BACKSLASH) this.escaped = true;
        else if (c === QUOTE) this.inString = false;
      } else if (c === QUOTE) this.inString = true;
      else if (OPENERS.has(c)) this.depth++;
      else if (CLOSERS.has(c)) this.depth--;
      else if (c === COMMA && this.depth === 1) this.ends.push(at);
    }
    this.seen += chunk.length;
  }
}
