/**
 * The table of operations × documented statuses a run exercised, with counts, built
 * from the exchange log the suite writes.
 */
import type { Level } from '../../spec/levels.ts';
import { loadContractSpec } from '../checks/spec-model.ts';
import type { LogRecords } from '../run/run-log.ts';

const OPERATIONS = ['listPets', 'createPet', 'getPet'] as const;

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
      return `${s}${documented.includes(s) ? '' : ' (undocumented)'}: ${n}`;
    });
    return `  ${operation.padEnd(10)} ${cells.join(' | ')}`;
  });
  const throttled = log.filter((e) => e.throttled);
  const retries = throttled.reduce((sum, e) => sum + (e.throttled ?? 0), 0);
  return [
    `Statuses exercised (operation: documented status: responses, at ${level} level):`,
    ...rows,
    `  other requests (routes and methods outside the operations): ${other}`,
    ...(throttled.length > 0
      ? [
          `  throttled: ${throttled.length} ${throttled.length === 1 ? 'request got 429 first and was' : 'requests got 429 first and were'} sent again after the server's Retry-After (${retries} retries; not counted above)`,
        ]
      : []),
  ].join('\n');
}
