/**
 * The table of operations × documented statuses a run exercised, with counts, built
 * from the exchange log the suite writes.
 */

import { loadContractSpec } from '../../spec/checks/spec-model.ts';
import type { Level } from '../../spec/levels.ts';
import type { LogRecords } from '../run/run-log.ts';

const OPERATIONS = ['listPets', 'createPet', 'getPet'] as const;

/**
 * What a status the level does not document was: a refusal (a 4xx but 401, which the
 * interface leaves open where it does not say what a request gets), a redirect, a server
 * error, or else undocumented. The tally only counts: every answer was judged by its check.
 */
export function statusKind(status: number): string {
  if (status >= 400 && status < 500 && status !== 401) return 'refusal';
  if (status >= 300 && status < 400) return 'redirect';
  if (status >= 500) return 'server error';
  return 'undocumented';
}

/** Renders the coverage table from the exchanges of the run's log. */
export function coverageTable(log: readonly LogRecords['exchanges'][], level: Level): string {
  const spec = loadContractSpec(level);
  const counts = new Map<string, number>();
  let other = 0;
  for (const { operation, status } of log) {
    if (!OPERATIONS.includes(operation as never)) other++;
    const key = `${operation} ${status}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const rows = OPERATIONS.map((operation) => {
    const documented = Object.keys(spec.responses(operation));
    const seen = [...counts.keys()]
      .filter((k) => k.startsWith(`${operation} `))
      .map((k) => k.split(' ')[1] as string);
    const statuses = [...new Set([...documented, ...seen])].sort();
    const cells = statuses.map((s) => {
      const n = counts.get(`${operation} ${s}`) ?? 0;
      return `${s}${documented.includes(s) ? '' : ` (${statusKind(Number(s))})`}: ${n}`;
    });
    return `  ${operation.padEnd(10)} ${cells.join(' | ')}`;
  });
  const throttled = log.filter((e) => e.throttled);
  const retries = throttled.reduce((sum, e) => sum + (e.throttled ?? 0), 0);
  const kinds = new Set(
    [...counts.keys()]
      .filter((k) => OPERATIONS.some((o) => k.startsWith(`${o} `)))
      .filter((k) => {
        const [operation, status] = k.split(' ') as [(typeof OPERATIONS)[number], string];
        return !Object.keys(spec.responses(operation)).includes(status);
      })
      .map((k) => statusKind(Number(k.split(' ')[1]))),
  );
  return [
    `Statuses exercised (operation: documented status: responses, at ${level} level):`,
    ...rows,
    ...(kinds.has('refusal')
      ? [
          '  (refusal: a 4xx the level does not list, which the interface leaves open where it does not say what a request gets, such as a bad limit or petId; each was judged by its check)',
        ]
      : []),
    `  other requests (routes and methods outside the operations): ${other}`,
    ...(throttled.length > 0
      ? [
          `  throttled: ${throttled.length} ${throttled.length === 1 ? 'request got 429 first and was' : 'requests got 429 first and were'} sent again after the server's Retry-After (${retries} retries; not counted above)`,
        ]
      : []),
  ].join('\n');
}
