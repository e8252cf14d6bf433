/**
 * Checks of a deprecated operation (`deprecated: true` with an `x-sunset` date in the spec):
 * it is served until its announced removal, and a header that restates that removal date
 * must agree with it.
 */
import { type Check, check } from './check.ts';
import { parseHttpDate } from './http-date.ts';
import { explainsStatus } from './status-checks.ts';

/**
 * A deprecated operation is still served until its announced removal (`x-sunset`): before
 * that date it answers neither 410 Gone nor a redirect to its replacement.
 */
export const servedUntilSunset = (sunset: string, now = new Date()): Check =>
  explainsStatus(
    check('get-deprecated', ({ request, response }) =>
      now < new Date(`${sunset}T00:00:00Z`) && [301, 302, 307, 308, 410].includes(response.status)
        ? {
            title: `${request.operation} withdrawn before its announced removal`,
            received: `${response.status}`,
            expected: `the operation served until ${sunset}`,
          }
        : undefined,
    ),
  );

/**
 * A `Sunset` header (RFC 8594), when a response carries one, announces the removal date of
 * `x-sunset`: one HTTP-date, in any of its three forms, at any time of that day (GMT).
 * Sending none is fine: the interface asks for no header.
 */
export const sunsetAgrees = (sunset: string, now = new Date()): Check =>
  check('get-deprecated', ({ request, response }) => {
    const value = response.headers.sunset;
    if (value === undefined) return undefined;
    const date = parseHttpDate(value, now);
    const day = date?.toISOString().slice(0, 10);
    if (day === sunset) return undefined;
    const example = new Date(`${sunset}T00:00:00Z`).toUTCString();
    const expected = `Sunset on ${sunset}, the removal of ${request.operation} the interface announces (e.g. ${example})`;
    return date
      ? {
          title: 'Sunset announces another removal date',
          received: `Sunset: ${value} (${day})`,
          expected,
        }
      : {
          title: 'Sunset is not an HTTP-date',
          received: `Sunset: ${value}`,
          expected: `one HTTP-date (RFC 9110, section 5.6.7): ${expected}`,
        };
  });
