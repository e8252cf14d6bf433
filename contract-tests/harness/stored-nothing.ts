/**
 * "A refused creation stores nothing", observed soundly on any server. Every refused body
 * carried a name holding a tag unique to this run and case, so a pet whose name holds one
 * can only come from a refused request: finding one is proof, never a false alarm.
 *
 * Where to look, without assuming an order or a pagination the interface does not show:
 * the suite creates a marker pet before the cases and one after. A server assigning
 * increasing ids gives anything it stored in between an id between the markers; the ids
 * there that no case got back in a 201 are fetched one by one. When ids do not increase,
 * or too many unknown ids lie between (another client busy), nothing is probed and the
 * test says so; the list pages read elsewhere are searched for the tags as well.
 */
import { check, isObject, show } from '../../spec/checks/check.ts';
import { statusIn } from '../../spec/checks/checks.ts';
import type { Pet } from '../../spec/checks/pet-checks.ts';
import { getPet } from './fixtures.ts';
import { verify } from './harness.ts';

/** Fails when a pet (or an item of a page) has a name holding one of the refused tags. */
export const storedNothingRefused = (refused: ReadonlySet<string>) =>
  check('create-400', ({ response }) => {
    const items = Array.isArray(response.json) ? response.json : [response.json];
    for (const item of items) {
      const name = isObject(item) && typeof item.name === 'string' ? item.name : '';
      const tag = [...refused].find((t) => name.includes(t));
      if (tag !== undefined)
        return {
          title: 'A refused creation was stored',
          received: `${show(item)} (its name holds ${tag}, sent only in a body answered 400)`,
          expected: 'nothing stored for a creation answered 400',
        };
    }
    return undefined;
  });

/** How a probe went: how many ids it fetched, or why it could not look. */
export type Probe = { probed: number; skipped?: string };

/**
 * Fetches every id strictly between two markers that no case got back in a 201, at most
 * `max` of them, checking none holds a refused tag.
 */
export async function probeBetween(
  before: Pet,
  after: Pet,
  known: ReadonlySet<string>,
  refused: ReadonlySet<string>,
  max: number,
): Promise<Probe> {
  const [low, high] = [BigInt(before.id), BigInt(after.id)];
  if (high <= low) return { probed: 0, skipped: `ids do not increase (${low}, then ${high})` };
  const unknown: bigint[] = [];
  for (let id = low + 1n; id < high; id++) {
    if (known.has(String(id))) continue;
    unknown.push(id);
    if (unknown.length > max)
      return { probed: 0, skipped: `more than ${max} unknown ids between ${low} and ${high}` };
  }
  const fetched = await Promise.all(unknown.map((id) => getPet(id)));
  for (const exchange of fetched)
    verify(
      exchange,
      statusIn([200, 404], 'get-responses', 'for an id between two created pets'),
      storedNothingRefused(refused),
    );
  return { probed: unknown.length };
}
