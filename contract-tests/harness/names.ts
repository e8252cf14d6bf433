/**
 * The names of the animals a run creates. The interface sets no limit on `name`, so a server
 * may refuse long ones with 400: before the first creation the suite learns the longest name
 * the server accepts (up to LONGEST, down to SHORTEST characters) and fits its own names to
 * it. Every name starts with the run's prefix, so its animals can be told from others'.
 */
import { jsonWithKey } from '../client/http.ts';
import { appendRecord } from '../run/run-log.ts';
import { client, options } from './run-context.ts';

/** Longer than any name the suite makes unfitted: a server taking this takes them all. */
export const LONGEST = 64;
/** The shortest limit the suite fits its names to (a prefix of 4 and a serial of 4). */
export const SHORTEST = 8;

/** The limit names are fitted to, and whether the server showed it (or it was assumed). */
export type NameFit = { limit: number; prefix: string; learned: boolean };

const fitFor = (limit: number, learned: boolean): NameFit => ({
  limit,
  // The run id's random end when the whole id leaves too little room.
  prefix: limit >= 16 ? options.runId : options.runId.slice(-Math.max(4, limit - 4)),
  learned,
});

let fit = fitFor(LONGEST, false);
let learning: Promise<void> | undefined;

/** The fit in force: LONGEST until the server showed less. */
export const nameFit = (): NameFit => fit;

/** Whether the server accepts a name of `length` characters: undefined when it said neither. */
async function accepts(length: number): Promise<boolean | undefined> {
  const name = `${fit.prefix}-len`.padEnd(length, 'n').slice(0, length);
  const { response } = await client.send({
    operation: 'createPet',
    method: 'POST',
    path: '/pets',
    headers: jsonWithKey(options.apiKey),
    body: { name, categoryId: options.categoryId },
  });
  if (response.status === 201) return true;
  return response.status >= 400 && response.status < 500 && response.status !== 401
    ? false
    : undefined;
}

/**
 * Finds the longest name accepted between SHORTEST and LONGEST (a 201 for it, a 4xx past it),
 * or takes the one the profile declares (declared.contract.ts holds the server to it).
 */
async function learn(): Promise<void> {
  const declared = options.profile.maxNameLength;
  if (declared !== undefined) {
    if (declared < LONGEST) record(fitFor(Math.max(SHORTEST, declared), true), true);
    return;
  }
  const longest = await accepts(LONGEST);
  if (longest !== false) return;
  let accepted = SHORTEST;
  let refused = LONGEST;
  const shortest = await accepts(SHORTEST);
  if (shortest === true)
    while (refused - accepted > 1) {
      const middle = Math.floor((accepted + refused) / 2);
      const verdict = await accepts(middle);
      if (verdict === undefined) break;
      if (verdict) accepted = middle;
      else refused = middle;
    }
  record(fitFor(accepted, shortest === true), false);
}

/** Fits the run's names from now on, and logs the limit for the report. */
function record(next: NameFit, declared: boolean): void {
  fit = next;
  appendRecord(options.logDir, 'names', { ...next, declared });
}

/**
 * Learns the name limit once per run, before the first file that creates (a learning that
 * failed, e.g. a dropped connection, was reported by the client and leaves LONGEST).
 */
export function learnNameLimit(): Promise<void> {
  learning ??= options.readOnly
    ? Promise.resolve()
    : learn().catch((error: Error) => {
        // Said already: a transport finding (StopError), or the budget's skip.
        if (error.name !== 'StopError' && error.name !== 'CreateBudgetSpent') throw error;
      });
  return learning;
}

let serial = 0;

/** A name unique to this run, within the limit: its tag is left out where it does not fit. */
export function uniqueName(tag: string): string {
  const n = (serial++).toString(36);
  const { prefix, limit } = fit;
  const forms = [`${prefix}-${tag}-${n}`, `${prefix}-${n}`, `${prefix}${n}`];
  return forms.find((form) => form.length <= limit) ?? (forms[2] as string);
}

/**
 * A prefix for generated names (`PREFIX-suffix`) and the room left for the suffix: at least
 * 4 characters, for which the tag gives way.
 */
export function generatedPrefix(tag: string): { prefix: string; room: number } {
  const { prefix, limit } = fit;
  const tagged = `${prefix}-${tag}`;
  const chosen = limit - tagged.length - 1 >= 4 ? tagged : prefix;
  return { prefix: chosen, room: Math.max(1, limit - chosen.length - 1) };
}

/** A maker of tags of one width (so that none is part of another), each a whole name. */
export function tagMaker(letter: string): () => string {
  let count = 0;
  const { prefix, limit } = fit;
  return () => {
    const wide = `${prefix}-${letter}${String(count).padStart(4, '0')}`;
    const tag =
      wide.length <= limit
        ? wide
        : // The letter stays, so that two makers' tags never meet (accept-or-reject's, real-clients').
          `${prefix}${letter}${count.toString(36).padStart(limit - prefix.length - 1, '0')}`;
    count += 1;
    return tag;
  };
}
