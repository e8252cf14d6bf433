/**
 * `waitForRequest`: a test waits until its app has sent a request, instead of sleeping. The
 * journal is searched first (the request may already have come), then watched.
 */
import { stringifyJson } from '../../spec/json.ts';
import type { Journal, JournalEntry } from './journal.ts';

/** How long waitForRequest waits unless told otherwise. */
export const DEFAULT_WAIT_MS = 5_000;

const describe = (match: unknown) =>
  typeof match === 'function' ? 'the given function' : stringifyJson(match);

/** Resolves with the first entry `accepts` takes, in the journal or arriving within `timeoutMs`. */
export function waitForEntry(
  journal: Journal,
  accepts: (entry: JournalEntry) => boolean,
  match: unknown,
  timeoutMs = DEFAULT_WAIT_MS,
): Promise<JournalEntry> {
  const found = journal.list().find(accepts);
  if (found !== undefined) return Promise.resolve(found);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      const seen = journal
        .list()
        .slice(-10)
        .map((entry) => `${entry.method} ${entry.path} → ${entry.status}`);
      reject(
        new Error(
          `waitForRequest: no request matching ${describe(match)} within ${timeoutMs} ms; the session's journal holds ${seen.length === 0 ? 'no request' : `(last ${seen.length}) ${seen.join(', ')}`}`,
        ),
      );
    }, timeoutMs);
    const stop = journal.watch((entry) => {
      if (!accepts(entry)) return;
      clearTimeout(timer);
      stop();
      resolve(entry);
    });
  });
}
