/**
 * State in time, not only in sequence: the interface has no eventual consistency, so a 404
 * for an id no animal had yet is no lasting answer. Once an animal is created with that id,
 * getPet returns it (get-found); a cache in front that keeps the 404 (a CDN caching error
 * answers) breaks it.
 */
import { type Check, check, show } from './check.ts';
import type { Pet } from './pet-checks.ts';
import { explainsStatus } from './status-checks.ts';

const INT64_MAX = 2n ** 63n - 1n;

/** The `count` ids after `id` (within int64): the ones a server handing out increasing ids gives next. */
export const idsAhead = (id: number | bigint, count: number): bigint[] =>
  Array.from({ length: count }, (_, i) => BigInt(id) + BigInt(i + 1)).filter((n) => n <= INT64_MAX);

/**
 * getPet of `pet`, created after a getPet of its id was answered 404, is no 404 again: that
 * 404 was true then, and is not now. It explains a wrong status (said once, citing get-found);
 * the status and the animal itself are judged by statusIn and equalsPet beside it.
 */
export const notStillAbsent = (pet: Pet): Check =>
  explainsStatus(
    check('get-found', ({ response }) =>
      response.status === 404
        ? {
            title: 'An animal read as absent before its creation is still 404 once created',
            received: `404 ${show(response.json ?? response.text, 120)} for id ${String(pet.id)}, created after a getPet of that id was answered 404`,
            expected: `200 with the animal created, ${show(pet)}: a 404 is no lasting answer`,
          }
        : undefined,
    ),
  );
