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

/**
 * Whether a request may store an animal: any POST, whatever the suite expects and whatever
 * form its path takes (a server may serve `/PETS` or `/pets/` as createPet).
 */
export const mayCreate = (request: Pick<Request, 'method' | 'path'>) => request.method === 'POST';

/**
 * The creation budget of one run (unbounded without `max`), shared fairly by `themes` (the
 * suite files that create, in the order they run): a theme may take everything but the
 * shares of the themes after it, so every theme gets its share (max / themes) before any
 * takes more, and what a theme leaves flows to the next.
 */
export function createBudget(max: number | undefined, themes: readonly string[] = []) {
  let taken = 0;
  const share = max === undefined ? 0 : Math.floor(max / Math.max(1, themes.length));
  /** The places kept for the themes after `theme` (none for a theme outside the list). */
  const keptAfter = (theme: string | undefined) => {
    const at = theme === undefined ? -1 : themes.indexOf(theme);
    return at < 0 ? 0 : share * (themes.length - at - 1);
  };
  return {
    /** Takes a place for a request that may create, or skips the test when none is left. */
    take(request: Pick<Request, 'method' | 'path'>, theme?: string): void {
      if (!mayCreate(request)) return;
      if (max !== undefined && taken >= max - keptAfter(theme)) {
        const kept = keptAfter(theme);
        const note = `needs more creations than --max-creates ${max} allows${kept > 0 ? ` (${kept} kept for the checks that follow)` : ''}`;
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
