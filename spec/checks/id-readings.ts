/**
 * The numbers a `petId` text can be read as. The interface types `petId` as an integer but
 * says nothing of text that is not plain decimal digits (` 1`, `+1`, `01`, `0x10`, `1e2`,
 * digits of other scripts): a server may read it as a number the way its framework does
 * (JavaScript's Number(), Python's int(), Go's strconv with base 0), refuse it, or find no
 * animal. Only an animal other than one the text can name is a fault, so the suite accepts
 * any of these readings. Truncation is no reading: `1.5` names no animal (parseInt's 1 is a
 * fault), and neither do letters.
 */
import { type Check, check, isObject, show } from './check.ts';

/** Unicode decimal digits (any script) as ASCII digits. */
function asciiDigits(text: string): string {
  return [...text]
    .map((char) => {
      if (!/\p{Nd}/u.test(char) || /[0-9]/.test(char)) return char;
      // A script's digits are ten consecutive code points, zero first; runs of several
      // scripts' digits follow each other in tens.
      let start = char.codePointAt(0) as number;
      while (/\p{Nd}/u.test(String.fromCodePoint(start - 1))) start -= 1;
      return String(((char.codePointAt(0) as number) - start) % 10);
    })
    .join('');
}

const BASES: [RegExp, number][] = [
  [/^0x([0-9a-f]+)$/i, 16],
  [/^0o([0-7]+)$/i, 8],
  [/^0b([01]+)$/i, 2],
  [/^0([0-7]+)$/, 8], // a leading zero read as octal (C, Go's base 0)
];

/** `digits` in `base`, exactly. */
const inBase = (digits: string, base: number) =>
  [...digits.toLowerCase()].reduce((n, d) => n * BigInt(base) + BigInt(Number.parseInt(d, 36)), 0n);

/** A decimal with a fraction or an exponent, when it is a whole number. */
function wholeDecimal(text: string): bigint | undefined {
  const m = /^(\d*)(?:\.(\d*))?(?:e([+-]?\d{1,4}))?$/i.exec(text);
  if (!m || `${m[1]}${m[2] ?? ''}` === '') return undefined;
  const fraction = m[2] ?? '';
  const exponent = Number(m[3] ?? 0) - fraction.length;
  const mantissa = BigInt(`${m[1]}${fraction}` || '0');
  if (exponent >= 0) return exponent > 40 ? undefined : mantissa * 10n ** BigInt(exponent);
  const divisor = 10n ** BigInt(-exponent);
  return mantissa % divisor === 0n ? mantissa / divisor : undefined;
}

/** Every number `text` can be read as (as decimal text), none for text no reader takes as one. */
export function idReadings(text: string): Set<string> {
  const readings = new Set<string>();
  const normal = asciiDigits(text.trim());
  const m = /^([+-]?)(.+)$/.exec(normal);
  if (!m) return readings;
  const sign = m[1] === '-' ? -1n : 1n;
  for (const body of new Set([m[2] as string, (m[2] as string).replace(/(\d)_(?=\d)/g, '$1')])) {
    if (/^\d+$/.test(body)) readings.add(String(sign * BigInt(body)));
    for (const [pattern, base] of BASES) {
      const digits = pattern.exec(body)?.[1];
      if (digits) readings.add(String(sign * inBase(digits, base)));
    }
    const whole = wholeDecimal(body);
    if (whole !== undefined) readings.add(String(sign * whole));
  }
  return readings;
}

/**
 * A 200 for a `petId` text carries an animal whose id the text can be read as (`get-found`);
 * a refusal or a 404 is the other checks' business.
 */
export const namesTheAnimal = (text: string): Check =>
  check('get-found', ({ response }) => {
    if (response.status !== 200) return undefined;
    const body = response.json;
    const id = isObject(body) ? body.id : undefined;
    const readings = idReadings(text);
    if ((typeof id === 'number' || typeof id === 'bigint') && readings.has(String(id)))
      return undefined;
    return {
      title: readings.size
        ? 'Another animal than the one the petId names'
        : 'An animal for a petId that names no number',
      received: show(body),
      expected: readings.size
        ? `the animal whose id ${JSON.stringify(text)} can be read as (${[...readings].join(' or ')}), or a refusal, or 404`
        : `a refusal or 404: ${JSON.stringify(text)} is no number in any common notation`,
    };
  });
