// What the console says of a request, a fault and a departure, as text. No DOM: the unit
// tests read these as they are (words.test.ts).

/** A journal query ({ name: value or [values] }) as a query string, without the `?`. */
export function queryString(query = {}) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    for (const each of [value].flat()) params.append(name, each);
  return params.toString();
}

/** The request's target as the app sent it: path and query. */
export const targetOf = (entry) => {
  const query = queryString(entry.query);
  return query === '' ? entry.path : `${entry.path}?${query}`;
};

/** Who answered: the mock, or in proxy mode the backend, or the mock on fallback (and why). */
export function answeredBy(entry) {
  if (entry.answeredBy === 'backend') return 'backend';
  if (entry.answeredBy === 'mock')
    return `mock (fallback: ${entry.fallback ?? 'the backend did not serve it'})`;
  return 'mock';
}

/** What a fault does, in a few words. */
export function faultEffect(fault) {
  if (fault.network === 'reset') return 'connection dropped';
  const parts = [];
  if (fault.status !== undefined) parts.push(`status ${fault.status}`);
  if (fault.answer === 'trickle') parts.push(`body trickled over ${fault.delayMs ?? 0} ms`);
  else if (fault.delayMs !== undefined) parts.push(`${fault.delayMs} ms late`);
  if (fault.answer === 'cut-short') parts.push('body cut short');
  if (fault.answer === 'not-json') parts.push('body not JSON');
  return parts.join(', ');
}

/** A queued fault in one line: its effect, the requests it takes, how many are left. */
export function describeFault(fault) {
  const operation = fault.operation === '*' ? 'any operation' : fault.operation;
  const match = [];
  if (fault.match?.query) match.push(`?${queryString(fault.match.query)}`);
  if (fault.match?.petId !== undefined) match.push(`petId ${fault.match.petId}`);
  if (fault.match?.body !== undefined) match.push(`body ${JSON.stringify(fault.match.body)}`);
  const times =
    fault.times === 'always' ? 'always' : `${fault.times} more time${fault.times === 1 ? '' : 's'}`;
  const after = fault.after ? `, after ${fault.after} let through` : '';
  return `#${fault.id} ${faultEffect(fault)} on ${operation}${match.length ? ` ${match.join(' ')}` : ''}: ${times}${after}`;
}

/**
 * A departure as a row says it: the headline (its title), what was seen and what the rule
 * expected. What was seen often repeats the title's last words (`The app sent limit="500"`,
 * seen `limit="500": must be <= 100`): the repeat is left out.
 */
export function departureWords(departure) {
  const received = departure.received ?? '';
  const colon = received.indexOf(': ');
  const lead = colon > 0 ? received.slice(0, colon) : '';
  const seen =
    lead !== '' && (departure.title ?? '').includes(lead) ? received.slice(colon + 2) : received;
  return { headline: departure.title ?? departure.rule, seen, expected: departure.expected ?? '' };
}

/** A time of day to the millisecond, as the mock's log prints it. */
export function clock(time) {
  const date = new Date(time);
  const pad = (n, width = 2) => String(n).padStart(width, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}
