import { expect, it } from 'vitest';
import { servedUntilSunset, sunsetAgrees } from './deprecation-checks.ts';
import type { Exchange } from './exchange.ts';
import { parseHttpDate } from './http-date.ts';

const NOW = new Date('2026-11-25T00:00:00Z');
const agrees = sunsetAgrees('2030-12-05', NOW);

/** A getPet exchange answered with this status and headers. */
const answered = (status: number, headers: Record<string, string> = {}): Exchange => ({
  url: 'http://127.0.0.1/v1/pets/1',
  request: { operation: 'getPet', method: 'GET', path: '/pets/1', headers: {} },
  response: { status, headers, text: '{}', json: {}, isJson: true },
});

it.each([
  ['Thu, 05 Dec 2030 00:00:00 GMT', '2030-12-05T00:00:00.000Z'],
  ['Thu, 05 Dec 2030 23:59:60 GMT', '2030-12-05T23:59:59.000Z'],
  ['Thursday, 05-Dec-30 12:30:00 GMT', '2030-12-05T12:30:00.000Z'],
  ['Thu Dec  5 18:00:00 2030', '2030-12-05T18:00:00.000Z'],
  ['Sun, 06 Nov 1994 08:49:37 GMT', '1994-11-06T08:49:37.000Z'],
  ['Sunday, 06-Nov-94 08:49:37 GMT', '1994-11-06T08:49:37.000Z'],
])('reads the HTTP-date %s', (text, iso) => {
  expect(parseHttpDate(text, NOW)?.toISOString()).toBe(iso);
});

it.each([
  ['an ISO date', '2030-12-05'],
  ['an ISO date-time', '2030-12-05T00:00:00Z'],
  ['another zone than GMT', 'Thu, 05 Dec 2030 00:00:00 UTC'],
  ['a numeric offset', 'Thu, 05 Dec 2030 01:00:00 +0100'],
  ['a day name that is not the date’s', 'Fri, 05 Dec 2030 00:00:00 GMT'],
  ['a day of one digit in an IMF-fixdate', 'Thu, 5 Dec 2030 00:00:00 GMT'],
  ['names in another case', 'thu, 05 dec 2030 00:00:00 GMT'],
  ['a day the month does not have', 'Sat, 31 Nov 2030 00:00:00 GMT'],
  ['hour 24', 'Thu, 05 Dec 2030 24:00:00 GMT'],
  ['two dates in one header', 'Thu, 05 Dec 2030 00:00:00 GMT, Thu, 05 Dec 2030 00:00:00 GMT'],
  ['unix seconds', '1922572800'],
])('refuses %s as an HTTP-date', (_why, text) => {
  expect(parseHttpDate(text, NOW)).toBeUndefined();
});

it('reads a two-digit year more than 50 years ahead as the past one', () => {
  expect(parseHttpDate('Friday, 05-Dec-80 00:00:00 GMT', NOW)?.getUTCFullYear()).toBe(1980);
  expect(parseHttpDate('Thursday, 05-Dec-30 00:00:00 GMT', NOW)?.getUTCFullYear()).toBe(2030);
});

it.each([
  'Thu, 05 Dec 2030 00:00:00 GMT',
  'Thu, 05 Dec 2030 23:59:59 GMT',
  'Thursday, 05-Dec-30 09:00:00 GMT',
  'Thu Dec  5 00:00:00 2030',
])('passes a Sunset of %s on the announced day', (value) => {
  expect(agrees(answered(200, { sunset: value }))).toBeUndefined();
});

it('passes a response without Sunset', () => {
  expect(agrees(answered(404))).toBeUndefined();
});

it('fails a server whose Sunset announces another date', () => {
  const failure = agrees(answered(200, { sunset: 'Wed, 04 Dec 2030 23:00:00 GMT' }));
  expect(failure).toMatchObject({
    rule: 'get-deprecated',
    title: 'Sunset announces another removal date',
  });
  expect(failure?.message).toContain(
    'Received: Sunset: Wed, 04 Dec 2030 23:00:00 GMT (2030-12-04)',
  );
  expect(failure?.message).toContain('Expected: Sunset on 2030-12-05');
  expect(failure?.message).toContain('Thu, 05 Dec 2030 00:00:00 GMT');
});

it('fails a server whose Sunset is not an HTTP-date', () => {
  expect(agrees(answered(404, { sunset: '2030-12-05' }))).toMatchObject({
    rule: 'get-deprecated',
    title: 'Sunset is not an HTTP-date',
  });
});

it('fails an operation withdrawn before its announced removal, not after', () => {
  expect(servedUntilSunset('2030-12-05', NOW)(answered(410))?.rule).toBe('get-deprecated');
  expect(servedUntilSunset('2030-12-05', new Date('2031-01-01'))(answered(410))).toBeUndefined();
});
