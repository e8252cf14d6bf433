/**
 * The store over the whole run: runs last (file-order.ts), once every other file has created
 * what it creates, and reads every animal back. Each must still be found by getPet exactly
 * as its creation answered (get-found, created-echoes: "it is stored and can be read back"),
 * and a list of a status must hold none of the run's animals created with another status
 * (status-filter) and, where a declared walk reads the whole list, every one created with
 * it. A store that forgets older animals, changes them later, or files them under another
 * status than it answered passes a check made right after each creation; it fails here.
 */
import { describe, it, type TestContext } from 'vitest';
import {
  equalsPet,
  itemsHaveStatus,
  knownItemsUnchanged,
  type Pet,
} from '../../spec/checks/pet-checks.ts';
import {
  answeredStatus,
  type Changed,
  holdsEveryOwn,
  noneChanged,
  noneGone,
  noneOfAnotherStatus,
} from '../../spec/checks/state-checks.ts';
import type { Exchange } from '../client/http.ts';
import { type Created, created } from '../harness/created.ts';
import { getPet, STATUSES } from '../harness/fixtures.ts';
import { options, verify, verifyTogether } from '../harness/harness.ts';
import { walkList } from '../harness/walk.ts';

/** The page size of a second walk, when a list offered no next page at the largest. */
const SMALL_PAGE = 10;

/** The animals found unchanged by getPet at the end, by id: the lists judge only these. */
const found = new Map<string, Pet>();

/**
 * The run's animals whose id no other creation was answered with. An id answered twice
 * already failed id-assigned, and names no one animal: reading it back, or finding it in a
 * list under another status, would only repeat that finding as another.
 */
function answeredOnce(): { pets: Created[]; shared: number } {
  const answers = new Map<string, number>();
  for (const pet of created) answers.set(pet.id, (answers.get(pet.id) ?? 0) + 1);
  const pets = created.filter((pet) => answers.get(pet.id) === 1);
  return { pets, shared: created.length - pets.length };
}

/** Whether the running check already failed: a skip would then hide what it found. */
const failedSoFar = (context: TestContext) => (context.task.result?.errors?.length ?? 0) > 0;

/** Skips a check when the run created nothing (--read-only, --max-creates 0, a refusing server). */
function skipWithoutAnimals(context: TestContext): void {
  if (created.length > 0) return;
  context.skip(
    options.readOnly
      ? 'nothing to read back: a --read-only run creates no animal'
      : 'nothing to read back: the run created no animal (none answered 201 with an id)',
  );
}

/** Sends every request at once (the client bounds how many are in flight), then rethrows a stop. */
async function allAnswered(pets: readonly Created[]): Promise<Exchange[]> {
  const settled = await Promise.allSettled(pets.map((pet) => getPet(pet.id)));
  const stopped = settled.find((s) => s.status === 'rejected');
  if (stopped) throw stopped.reason; // a transport fault, already reported with its request
  return settled.map((s) => (s as PromiseFulfilledResult<Exchange>).value);
}

/** The failures of animals read back changed, grouped by rule and title, with their ids. */
function grouped(changed: readonly { id: string; failure: Changed }[]) {
  const groups = new Map<string, Changed & { ids: string[] }>();
  for (const { id, failure } of changed) {
    const key = `${failure.rule} ${failure.title}`;
    const group = groups.get(key) ?? { ...failure, ids: [] };
    group.ids.push(id);
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => b.ids.length - a.ids.length);
}

describe('the whole run: every animal it created, read back at its end', () => {
  // One failure per way of breaking the rule, naming how many animals and a few ids, with
  // the first such request to replay: a store that forgot 60 animals is one bug, and 60
  // findings of one line each would bury it (the summary folds cases of a rule, but counts
  // and lists each).
  it('getPet finds every animal the run created, exactly as its creation answered', async (context) => {
    skipWithoutAnimals(context);
    const { pets: run, shared } = answeredOnce();
    if (shared > 0)
      await context.annotate(
        `${shared} animals not read back: each shares its id with another creation's answer (id-assigned)`,
      );
    const exchanges = await allAnswered(run);
    const gone: { pet: Created; exchange: Exchange }[] = [];
    const changed: { id: string; failure: Changed; exchange: Exchange }[] = [];
    for (const [i, exchange] of exchanges.entries()) {
      const pet = run[i] as Created;
      // Every answer is judged as any other (a 5xx, an undocumented status, its schema).
      if (!verify(exchange)) continue;
      if (exchange.response.status === 404) gone.push({ pet, exchange });
      if (exchange.response.status !== 200) continue;
      const failure = equalsPet(pet.pet)(exchange);
      if (failure === undefined) found.set(pet.id, pet.pet);
      else {
        const [received = '', expected = ''] = failure.message.split('\n');
        const readable = {
          rule: failure.rule,
          title: failure.title,
          received: received.replace(/^Received: /, `id ${pet.id}: `),
          expected: expected.replace(/^Expected: /, ''),
        };
        changed.push({ id: pet.id, failure: readable, exchange });
      }
    }
    const last = exchanges.at(-1);
    if (last === undefined) return;
    verifyTogether(
      gone[0]?.exchange ?? last,
      noneGone(
        gone.map(({ pet }) => pet),
        run,
      ),
    );
    verifyTogether(changed[0]?.exchange ?? last, noneChanged(grouped(changed), run.length));
  });

  it.for(STATUSES)(
    "lists the run's animals under status=%s only if created with it, and all of them where the whole list is read",
    async (status, context) => {
      skipWithoutAnimals(context);
      if (found.size === 0)
        context.skip('no animal of the run was found unchanged by getPet, so none to look for');
      const declared = options.profile.pagination;
      const own = [...found.values()].filter((pet) => answeredStatus(pet) === status);
      const ownById = new Map(own.map((pet) => [String(pet.id), pet]));
      const query = `status=${status}`;
      // Undeclared, the pages the server offers are followed: read to a page offering none,
      // the list is whole (status-filter); a page alone never is.
      const checks = [
        itemsHaveStatus(status),
        noneOfAnotherStatus(found, status),
        knownItemsUnchanged(ownById),
      ];
      let walk = await walkList({ query, pagination: declared ?? 'offered' }, ...checks);
      // A list shorter than a page offers no next one: at a smaller size it may. The smaller
      // walk counts only where it read the list whole (or broke a rule on the way).
      if (
        declared === undefined &&
        !walk.failed &&
        walk.pages.length === 1 &&
        walk.items.length > SMALL_PAGE
      ) {
        const small = await walkList({ query, pagination: 'offered', size: SMALL_PAGE }, ...checks);
        if (small.failed || (small.complete && small.pages.length > 1)) walk = small;
      }
      const listedIds = new Set(walk.items.map((pet) => String(pet.id)));
      if (walk.complete && (declared !== undefined || walk.pages.length > 1)) {
        const rule = declared === undefined ? 'status-filter' : 'declared-pagination';
        verifyTogether(walk.last, holdsEveryOwn(own, listedIds, `the list of ${query}`, rule));
        return;
      }
      const seen = [...found.keys()].filter((id) => listedIds.has(id)).length;
      const unseen = own.filter((pet) => !listedIds.has(String(pet.id))).length;
      const why =
        declared === undefined
          ? walk.pages.length > 1
            ? `the walk of the pages the server offered stopped after ${walk.pages.length} pages, before one that offers none, so it may not be the whole list`
            : 'the server offers no next page (Link rel="next") and the interface shows no pagination, so a list answer is never known to be whole (declare `pagination` in a profile to have it judged)'
          : `the ${declared === 'none' ? 'answer is a full page' : `walk stopped after ${walk.pages.length} pages`}, so it may not be the whole list`;
      if (seen === 0 && !failedSoFar(context))
        context.skip(`not observable here: ${query} shows none of the run's animals, and ${why}`);
      if (unseen > 0)
        await context.annotate(
          `${unseen} of the ${own.length} animals created with status ${status} not shown by ${query}, not judged: ${why}`,
        );
    },
  );
});
