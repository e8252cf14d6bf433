/**
 * A petId text read by the integer parsers of other languages (leniencies.ts, ID_READINGS):
 * each gives the number it reads, or nothing when it throws, as the framework around it
 * would then refuse the request.
 */
import type { Leniency } from './leniencies.ts';
import { nineBelow } from './reference-handlers.ts';

const INT64 = { min: -(2n ** 63n), max: 2n ** 63n - 1n };
const inInt64 = (n: bigint) => (n >= INT64.min && n <= INT64.max ? n : undefined);

/** A run of any script's decimal digits as a number (Java's Character.digit reads them all). */
const unicodeDigits = (digits: string): bigint =>
  [...digits].reduce((n, d) => n * 10n + BigInt((d.codePointAt(0) as number) - nineBelow(d)), 0n);

/** Java's Long.parseLong: an optional sign, then decimal digits of any script, in range. */
function javaParseLong(text: string): bigint | undefined {
  const m = /^([+-]?)(\p{Nd}+)$/u.exec(text);
  if (!m) return undefined;
  const n = unicodeDigits(m[2] as string);
  return inInt64(m[1] === '-' ? -n : n);
}

/**
 * Spring's NumberUtils.parseNumber(text, Long.class): every whitespace character removed
 * (Character.isWhitespace: not the no-break space), then Long.decode for 0x, 0X and #
 * (hexadecimal), else Long.valueOf.
 */
function springConversion(text: string): bigint | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: Java counts U+001C..U+001F as whitespace
  const trimmed = text.replace(/[\t\n\v\f\r \u001c-\u001f]/g, '');
  const hex = /^(-?)(?:0x|0X|#)([0-9a-fA-F]+)$/.exec(trimmed);
  if (hex) return inInt64(BigInt(`0x${hex[2]}`) * (hex[1] === '-' ? -1n : 1n));
  if (/^-?(?:0x|0X|#)/.test(trimmed)) return undefined;
  return javaParseLong(trimmed);
}

const RUBY_BASES: Record<string, number> = { x: 16, b: 2, o: 8, d: 10, '': 8 };

/**
 * Ruby's Integer(text): ASCII whitespace around, a sign, a base prefix (0x, 0b, 0o, 0d, or a
 * bare leading 0 for octal), and single underscores between digits. Bignums are fine in
 * Ruby: a number beyond int64 is read, and then found nowhere.
 */
function rubyInteger(text: string): bigint | undefined {
  const m =
    /^[\t\n\v\f\r ]*([+-]?)(?:0([xXbBoOdD]?)(?=[0-9a-fA-F_]))?([0-9a-fA-F]+(?:_[0-9a-fA-F]+)*)[\t\n\v\f\r ]*$/.exec(
      text,
    );
  if (!m) return undefined;
  const base = m[2] === undefined ? 10 : (RUBY_BASES[(m[2] as string).toLowerCase()] as number);
  const digits = (m[3] as string).replaceAll('_', '').toLowerCase();
  if (![...digits].every((d) => Number.parseInt(d, 36) < base)) return undefined;
  const n = [...digits].reduce((v, d) => v * BigInt(base) + BigInt(Number.parseInt(d, 36)), 0n);
  return m[1] === '-' ? -n : n;
}

/**
 * PHP's filter_var($text, FILTER_VALIDATE_INT): whitespace around trimmed, an optional sign,
 * no leading zero (but "0" itself), within PHP_INT_MIN..PHP_INT_MAX.
 */
function phpFilterVar(text: string): bigint | undefined {
  const m = /^[\t\n\v\r \0]*([+-]?)(0|[1-9][0-9]*)[\t\n\v\r \0]*$/.exec(text);
  if (!m) return undefined;
  return inInt64(BigInt(`${m[1] === '-' ? '-' : ''}${m[2]}`));
}

/** Go's strconv.ParseInt(text, 10, 64): an optional sign, ASCII digits, in range. */
function goParseInt(text: string): bigint | undefined {
  const m = /^([+-]?)([0-9]+)$/.exec(text);
  return m ? inInt64(BigInt(`${m[1] === '-' ? '-' : ''}${m[2]}`)) : undefined;
}

const READERS: Partial<Record<Leniency, (text: string) => bigint | undefined>> = {
  'petId-read-by-Go-ParseInt': goParseInt,
  'petId-read-by-Java-parseLong': javaParseLong,
  'petId-read-by-Spring-conversion': springConversion,
  'petId-read-by-Ruby-Integer': rubyInteger,
  'petId-read-by-PHP-filter_var': phpFilterVar,
};

/**
 * The petId as this leniency's parser reads it, written in plain digits for the reference
 * server's own rules (`-1` stays a refusal, `0` finds nothing); `null` when the parser
 * throws; undefined when the leniency reads no petId.
 */
export function readPetIdAs(
  leniency: Leniency | undefined,
  text: string,
): string | null | undefined {
  const reader = leniency === undefined ? undefined : READERS[leniency];
  if (!reader) return undefined;
  const n = reader(text);
  return n === undefined ? null : String(n);
}
