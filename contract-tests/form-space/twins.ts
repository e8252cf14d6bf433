/**
 * The twins of the forms a run sent with the valid key: each form again in an authentication
 * state without it. Every form gets the plainest state, no Authorization header; the other
 * states are spread over the forms of each operation so that each state meets every operation
 * at least as often as the depth covers a value (sampling.ts), and at `full` every form meets
 * every state. A creation's twin names a new animal, so that a stored twin is told apart.
 */
import type { OperationId, Request } from '../client/http.ts';
import type { Depth } from '../run/depth.ts';
import type { AuthState } from './auth-states.ts';
import { COVERED, seeded, shuffled } from './sampling.ts';

/** A form to send again, as first sent: its operation and request. */
export type TwinSource = { operation: Exclude<OperationId, 'other'>; request: Request };

/** The forms each state is sent with, by the state's index in `states`. */
export type TwinPlan = Map<number, TwinSource[]>;

/**
 * Which forms go out in which state: all in the first state (no header) but those `inFirst`
 * leaves out (sent so already), and each other state on forms of every operation, `times`
 * each (every form at `full`).
 */
export function twinPlan<T extends TwinSource>(
  sources: readonly T[],
  states: readonly AuthState[],
  depth: Depth,
  seed: number,
  inFirst: (source: T) => boolean = () => true,
): TwinPlan {
  const plan: TwinPlan = new Map(states.length > 0 ? [[0, sources.filter(inFirst)]] : []);
  const times = COVERED[depth];
  const random = seeded(seed);
  const operations = [...new Set(sources.map((s) => s.operation))];
  for (const operation of operations) {
    const own = sources.filter((s) => s.operation === operation);
    for (let state = 1; state < states.length; state++) {
      const picked = times === 'all' ? own : shuffled(own, random).slice(0, times);
      plan.set(state, [...(plan.get(state) ?? []), ...picked]);
    }
  }
  return plan;
}

/** How many requests a plan sends. */
export const planSize = (plan: TwinPlan): number =>
  [...plan.values()].reduce((sum, forms) => sum + forms.length, 0);

/**
 * The request again under new names: every one of the run's names its body carried (`tokens`
 * finds them) replaced by `fresh()`; undefined for a body of bytes that are not text.
 */
export function renamed(
  request: Request,
  tokens: (text: string) => string[],
  fresh: () => string,
): Request | undefined {
  if (request.rawBytes) return undefined;
  if (request.rawBody !== undefined) {
    const names = new Map([...new Set(tokens(request.rawBody))].map((token) => [token, fresh()]));
    let text = request.rawBody;
    for (const [token, name] of names) text = text.split(token).join(name);
    return { ...request, rawBody: text };
  }
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return request;
  const named = body as Record<string, unknown>;
  return typeof named.name === 'string'
    ? { ...request, body: { ...named, name: fresh() } }
    : request;
}

const WORD = /[A-Za-z0-9-]/;

/**
 * The tokens of a text holding `mark`: each run of letters, digits and dashes around it (the
 * names a run makes hold its mark). Found by indexOf and widened, never by a backtracking
 * pattern: a body or a name from the server may hold 70,000 such characters.
 */
export function tokensAround(text: string, mark: string): string[] {
  const tokens: string[] = [];
  if (mark === '') return tokens;
  for (let at = text.indexOf(mark); at !== -1; ) {
    let start = at;
    let end = at + mark.length;
    while (start > 0 && WORD.test(text.charAt(start - 1))) start -= 1;
    while (end < text.length && WORD.test(text.charAt(end))) end += 1;
    tokens.push(text.slice(start, end));
    at = text.indexOf(mark, end);
  }
  return tokens;
}
