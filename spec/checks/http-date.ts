/**
 * HTTP-dates (RFC 9110, section 5.6.7) as a recipient must read them: the preferred
 * IMF-fixdate (`Thu, 05 Dec 2030 00:00:00 GMT`) and the two obsolete forms every recipient
 * still accepts, RFC 850 (`Thursday, 05-Dec-30 00:00:00 GMT`) and asctime
 * (`Thu Dec  5 00:00:00 2030`). Names are case-sensitive, and a day name must be the day's.
 */

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const LONG_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const name = `(?<name>${DAYS.join('|')})`;
const month = `(?<month>${MONTHS.join('|')})`;
const time = '(?<hour>\\d{2}):(?<minute>\\d{2}):(?<second>\\d{2})';
const FORMS = [
  // IMF-fixdate
  new RegExp(`^${name}, (?<day>\\d{2}) ${month} (?<year>\\d{4}) ${time} GMT$`),
  // rfc850-date
  new RegExp(
    `^(?<name>${LONG_DAYS.join('|')}), (?<day>\\d{2})-${month}-(?<year>\\d{2}) ${time} GMT$`,
  ),
  // asctime-date
  new RegExp(`^${name} ${month} (?<day>\\d{2}| \\d) ${time} (?<year>\\d{4})$`),
];

/**
 * The year of an RFC 850 date's two digits: at most 50 years ahead of `now` (RFC 9110 reads
 * anything further as the most recent past year with those digits).
 */
function fullYear(digits: string, now: Date): number {
  if (digits.length === 4) return Number(digits);
  const current = now.getUTCFullYear();
  const year = current - (current % 100) + Number(digits);
  return year > current + 50 ? year - 100 : year;
}

/**
 * The instant an HTTP-date names (a leap second read as the second before it), or
 * undefined when the text is not one HTTP-date: another syntax, a day or time out of range,
 * or a day name that is not the date's.
 */
export function parseHttpDate(text: string, now = new Date()): Date | undefined {
  const found = FORMS.map((form) => form.exec(text)?.groups).find((groups) => groups);
  if (!found) return undefined;
  const { hour, minute, second } = found as Record<string, string>;
  const [h, m, s] = [Number(hour), Number(minute), Number(second)];
  if (h > 23 || m > 59 || s > 60) return undefined;
  const monthIndex = MONTHS.indexOf(found.month ?? '');
  const day = Number(found.day);
  const date = new Date(0);
  date.setUTCFullYear(fullYear(found.year ?? '', now), monthIndex, day);
  date.setUTCHours(h, m, Math.min(s, 59));
  const named = found.name ?? '';
  const weekday = (named.length === 3 ? DAYS : LONG_DAYS).indexOf(named);
  const real = date.getUTCDate() === day && date.getUTCMonth() === monthIndex;
  return real && date.getUTCDay() === weekday ? date : undefined;
}
