/**
 * --max-creates: how many animals a run may leave on the server. Every POST the suite sends
 * may create one, so each takes a place in the budget before it is sent; a 4xx answer
 * (refused, nothing stored) gives the place back. A request beyond the budget is never sent:
 * the test that needed it is skipped, saying so, and never counts as passed.
 */
import type { Request, Response } from '../client/http.ts';
import { skipTest } from './test-scope.ts';

/** Thrown where a test cannot be skipped on the spot (a set-up hook); reported as a skip. */
export class CreateBudgetSpent extends Error {
  override name = 'CreateBudgetSpent';
}

/** Whether a request may store an animal: any POST under /pets, whatever the suite expects. */
export const mayCreate = (request: Pick<Request, 'method' | 'path'>) =>
  request.method === 'POST' && request.path.startsWith('/pets');

/** The creation budget of one run (unbounded without `max`). */
export function createBudget(max: number | undefined) {
  let taken = 0;
  return {
    /** Takes a place for a request that may create, or skips the test when none is left. */
    take(request: Pick<Request, 'method' | 'path'>): void {
      if (!mayCreate(request)) return;
      if (max !== undefined && taken >= max) {
        const note = `needs more creations than --max-creates ${max} allows`;
        skipTest(note, new CreateBudgetSpent(note));
      }
      taken += 1;
    },
    /** Gives the place back when the server refused the request (4xx: nothing stored). */
    settle(request: Pick<Request, 'method' | 'path'>, response: Pick<Response, 'status'>): void {
      if (mayCreate(request) && response.status >= 400 && response.status < 500) taken -= 1;
    },
  };
}
