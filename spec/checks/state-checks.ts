/**
 * Checks of the store over a whole run: at its end, every animal the run created is still
 * read back exactly as its creation answered (get-found), and a list of a status holds the
 * run's animals of that status and none of another (status-filter, and declared-pagination
 * where a declared walk reads the whole list). Many animals are judged at once, so each
 * check says how many broke the rule and names a few, in one failure.
 */
import { check, isObject, type RuleId, show } from './check.ts';
import type { Pet } from './pet-checks.ts';

/** An animal of the run by its id as text (exact for int64). */
type Known = { id: string };

const SHOWN_IDS = 5;

/** `ids 1, 2, 3, 4, 5 and 58 more`: a few ids, and how many are left out. */
export const someIds = (ids: readonly string[]) => {
  const shown = ids.slice(0, SHOWN_IDS).join(', ');
  const more = ids.length - SHOWN_IDS;
  return `${ids.length === 1 ? 'id' : 'ids'} ${shown}${more > 0 ? ` and ${more} more` : ''}`;
};

/** Which of the run's animals `lost` are: the oldest ones (as a store keeping the newest does), or others. */
const whichOnes = (lost: readonly Known[], run: readonly Known[]) =>
  lost.every((pet, i) => run[i]?.id === pet.id) ? `the ${lost.length} created first` : 'among them';

/**
 * No animal the run created is gone at its end (getPet 404): the interface has no delete.
 * `lost` are the gone ones, `run` every animal the run created, oldest first.
 */
export const noneGone = (lost: readonly Known[], run: readonly Known[]) =>
  check('get-found', () =>
    lost.length === 0
      ? undefined
      : {
          title: 'Created animals no longer found at the end of the run',
          received: `404 for ${lost.length} of the ${run.length} animals the run created, ${whichOnes(lost, run)}: ${someIds(lost.map((p) => p.id))}`,
          expected:
            'every animal the run created found until its end (the interface has no delete)',
        },
  );

/** A failure of one animal read back (`rule`, `title`), with the ids that broke it the same way. */
export type Changed = { rule: RuleId; title: string; received: string; expected: string };

/**
 * No animal the run created changed by its end: `changed` are the failures of the animals
 * read back differently from their creation answer, grouped by rule and title, each with
 * the first such animal's received and expected.
 */
export const noneChanged = (changed: readonly (Changed & { ids: string[] })[], total: number) =>
  check(['get-found', 'id-int64'], () => {
    const [first] = changed;
    if (first === undefined) return undefined;
    const count = changed.reduce((sum, c) => sum + c.ids.length, 0);
    return {
      rule: first.rule,
      title: `${first.title}, later in the run`,
      received: `${count} of the ${total} animals the run created read back changed (${someIds(changed.flatMap((c) => c.ids))}); the first: ${first.received}`,
      expected: `${first.expected}, as its creation answered`,
    };
  });

/** The status the run's creation answer gave an animal, or undefined without a text one. */
export const answeredStatus = (pet: Pet): string | undefined =>
  typeof pet.status === 'string' ? pet.status : undefined;

/** No animal of the run answered with another status appears in the list of `status`. */
export const noneOfAnotherStatus = (ours: ReadonlyMap<string, Pet>, status: string) =>
  check('status-filter', ({ response }) => {
    const items: unknown[] = Array.isArray(response.json) ? response.json : [];
    // One of the run's animals by its id and its name (unique to the run): an item with the
    // id but another name is another animal, or an id written wrong, which other rules judge.
    const other = items.filter((item) => {
      const pet = isObject(item) ? ours.get(String(item.id)) : undefined;
      return (
        pet !== undefined &&
        isObject(item) &&
        item.name === pet.name &&
        answeredStatus(pet) !== status
      );
    });
    const first = other[0];
    if (!isObject(first)) return undefined;
    const pet = ours.get(String(first.id)) as Pet;
    return {
      title: 'An animal of the run listed under another status than its own',
      received: `${other.length} of the run's animals under status=${status}, the first ${show(first)}, created as ${show(pet)}`,
      expected: `only animals created with status ${status} (getPet shows each with the status it was created with)`,
    };
  });

/** A complete walk of the list of `status` (`shown`) holds every animal of the run created with it. */
export const holdsEveryOwn = (
  expected: readonly Pet[],
  listedIds: ReadonlySet<string>,
  shown: string,
  rule: 'declared-pagination' | 'status-filter' = 'declared-pagination',
) =>
  check(rule, () => {
    const missing = expected.filter((pet) => !listedIds.has(String(pet.id)));
    return missing.length === 0
      ? undefined
      : {
          title: 'Animals of the run missing from the whole list of their status',
          received: `${missing.length} of the ${expected.length} animals the run created with that status on no page of ${shown} (${listedIds.size} listed): ${someIds(missing.map((p) => String(p.id)))}`,
          expected: 'every animal the run created, still found by getPet, listed under its status',
        };
  });
