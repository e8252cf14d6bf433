/**
 * The console's live feed: a line for every request any session answers, and a note of every
 * control change, sent to the console pages that follow it (events.ts) in batches a few times
 * a second. Bounded for a busy mock and a slow page alike: a batch holds at most
 * FEED_LIMITS.batchLines lines (the rest are counted, not kept), and a page that does not
 * take what it was sent is skipped (told how many lines it missed) and, if it stays behind,
 * dropped: its browser reconnects. Nothing is built while no page follows.
 */
import type { JournalTap, RecordedEntry } from '../../core/journal.ts';
import { type FeedLine, feedLine } from './line.ts';

/** The feed's bounds. */
export const FEED_LIMITS = {
  /** Pages following at once; one more is refused (503). */
  clients: 16,
  /** Lines sent in one batch; further requests of the same moment are only counted. */
  batchLines: 250,
  flushMs: 200,
  /** Recent lines a page gets when it connects (or reconnects, those it missed). */
  backlog: 200,
  /** Bytes written to a page and not yet taken by it, beyond which it is skipped. */
  bufferedBytes: 256 * 1024,
  /** How long a page may stay skipped before its stream is ended. */
  congestedMs: 30_000,
  heartbeatMs: 15_000,
} as const;

/** A page following the feed: where its events are written. */
export type FeedClient = {
  /** Bytes written to it and not yet taken. */
  readonly buffered: number;
  write(text: string): void;
  /** Ends its stream. */
  end(): void;
};

/** A control request that changed a session (a fault queued, a reset, a session ended). */
export type ControlChange = {
  session: string | null;
  method: string;
  target: string;
  status: number;
};

/** The feed: the journals' tap, told of control changes, followed by pages. */
export type Feed = JournalTap & {
  control(change: ControlChange): void;
  /** Whether as many pages follow as the feed serves. */
  readonly full: boolean;
  /** Sends `client` the feed from now on, first what it missed since `lastEventId`; returns the unfollow. */
  follow(client: FeedClient, lastEventId?: string): () => void;
  close(): void;
};

type Follower = { client: FeedClient; skipped: number; congestedSince?: number };

const event = (name: string, data: string, id?: string) =>
  `${id === undefined ? '' : `id: ${id}\n`}event: ${name}\ndata: ${data}\n\n`;

/** Creates the feed of one server. */
export function createFeed(): Feed {
  // Tells a page that reconnects whether it missed a restart (its last id is then of another boot).
  const boot = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const followers = new Set<Follower>();
  let seq = 0;
  let pending: FeedLine[] = [];
  let controls: ControlChange[] = [];
  let dropped = 0;
  let recent: FeedLine[] = [];
  let lastWrite = Date.now();
  let timer: ReturnType<typeof setInterval> | undefined;

  // Lines and changes are serialised once per batch, whatever the number of pages.
  const batch = (lines: string, changes: string, skipped: number, last: number) =>
    event(
      'feed',
      `{"skipped":${skipped},"lines":${lines},"controls":${changes}}`,
      `${boot}.${last}`,
    );

  const flush = () => {
    const now = Date.now();
    if (pending.length === 0 && controls.length === 0 && dropped === 0) {
      if (now - lastWrite < FEED_LIMITS.heartbeatMs) return;
      for (const { client } of followers) client.write(': keep-alive\n\n');
      lastWrite = now;
      return;
    }
    const lines = JSON.stringify(pending);
    const changes = JSON.stringify(controls);
    for (const follower of followers) {
      if (follower.client.buffered > FEED_LIMITS.bufferedBytes) {
        follower.skipped += pending.length + dropped;
        follower.congestedSince ??= now;
        if (now - follower.congestedSince > FEED_LIMITS.congestedMs) follower.client.end();
        continue;
      }
      follower.congestedSince = undefined;
      const skipped = follower.skipped + dropped;
      follower.skipped = 0;
      follower.client.write(batch(lines, changes, skipped, pending.at(-1)?.seq ?? seq));
    }
    recent.push(...pending);
    if (recent.length > FEED_LIMITS.backlog * 2) recent = recent.slice(-FEED_LIMITS.backlog);
    pending = [];
    controls = [];
    dropped = 0;
    lastWrite = now;
  };

  const unfollow = (follower: Follower) => {
    followers.delete(follower);
    if (followers.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };

  return {
    get active() {
      return followers.size > 0;
    },
    recorded(id: number, entry: RecordedEntry) {
      seq += 1;
      if (pending.length < FEED_LIMITS.batchLines) pending.push(feedLine(seq, id, entry));
      else dropped += 1;
    },
    get full() {
      return followers.size >= FEED_LIMITS.clients;
    },
    control(change) {
      if (followers.size > 0 && controls.length < FEED_LIMITS.batchLines) controls.push(change);
    },
    follow(client, lastEventId) {
      const [lastBoot, lastSeq] = (lastEventId ?? '').split('.');
      const since = lastBoot === boot ? Number(lastSeq) : 0;
      const missed = recent.filter((line) => line.seq > since).slice(-FEED_LIMITS.backlog);
      client.write(
        `retry: 1000\n\n${event('hello', JSON.stringify({ boot, limits: FEED_LIMITS }))}`,
      );
      const last = missed.at(-1)?.seq;
      if (last !== undefined) client.write(batch(JSON.stringify(missed), '[]', 0, last));
      const follower: Follower = { client, skipped: 0 };
      followers.add(follower);
      if (timer === undefined) {
        timer = setInterval(flush, FEED_LIMITS.flushMs);
        (timer as { unref?: () => void }).unref?.();
      }
      return () => unfollow(follower);
    },
    close() {
      for (const follower of [...followers]) {
        follower.client.end();
        unfollow(follower);
      }
    },
  };
}
