import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { RecordedEntry } from '../../core/journal.ts';
import { createFeed, FEED_LIMITS, type FeedClient } from './feed.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const entry = (path: string): RecordedEntry => ({
  time: new Date().toISOString(),
  session: 's1',
  operation: 'listPets',
  method: 'GET',
  path,
  pathParams: {},
  query: { limit: '5' },
  headers: { authorization: 'Bearer [masked]' },
  bodyIsJson: false,
  status: 404,
  response: {
    headers: {},
    text: '{"code":"not_found","message":"no pet","status":404}',
    isJson: true,
  },
  durationMs: 1,
});

/** A page whose stream holds `buffered` bytes it has not taken, with the events it was sent. */
function page(buffered = 0) {
  const written: string[] = [];
  const client: FeedClient & { ended: boolean; buffered: number } = {
    buffered,
    ended: false,
    write: (text) => void written.push(text),
    end() {
      client.ended = true;
    },
  };
  const events = () =>
    written
      .join('')
      .split('\n\n')
      .filter((block) => block.includes('event: feed'))
      .map((block) => JSON.parse(block.slice(block.indexOf('data: ') + 6)));
  return { client, written, events };
}

it('builds nothing while no page follows, then sends each request once in a batch', () => {
  const feed = createFeed();
  expect(feed.active).toBe(false);
  const reader = page();
  feed.follow(reader.client);
  expect(reader.written[0]).toContain('event: hello');
  feed.recorded(7, entry('/v1/pets'));
  feed.control({ session: 's1', method: 'POST', target: '/__mock/faults', status: 201 });
  vi.advanceTimersByTime(FEED_LIMITS.flushMs);
  const [batch] = reader.events();
  expect(batch.lines).toMatchObject([
    { id: 7, session: 's1', path: '/v1/pets', query: { limit: '5' }, message: 'no pet' },
  ]);
  expect(batch.lines[0]).not.toHaveProperty('headers');
  expect(batch.controls).toEqual([
    { session: 's1', method: 'POST', target: '/__mock/faults', status: 201 },
  ]);
  feed.close();
  expect(reader.client.ended).toBe(true);
});

it('keeps at most a batch of lines, and tells a page how many it did not send', () => {
  const feed = createFeed();
  const reader = page();
  feed.follow(reader.client);
  for (let i = 1; i <= FEED_LIMITS.batchLines + 40; i += 1)
    feed.recorded(i, entry(`/v1/pets/${i}`));
  vi.advanceTimersByTime(FEED_LIMITS.flushMs);
  const [batch] = reader.events();
  expect(batch.lines).toHaveLength(FEED_LIMITS.batchLines);
  expect(batch.skipped).toBe(40);
});

it('skips a page that does not take what it was sent, then ends its stream: nothing piles up for it', () => {
  const feed = createFeed();
  const slow = page(FEED_LIMITS.bufferedBytes + 1);
  const quick = page();
  feed.follow(slow.client);
  feed.follow(quick.client);
  const before = slow.written.length;
  for (let t = 0; t * FEED_LIMITS.flushMs <= FEED_LIMITS.congestedMs + 1_000; t += 1) {
    feed.recorded(t + 1, entry('/v1/pets'));
    vi.advanceTimersByTime(FEED_LIMITS.flushMs);
  }
  expect(slow.written.length).toBe(before);
  expect(slow.client.ended).toBe(true);
  expect(quick.events().flatMap((b) => b.lines)).toHaveLength(
    Math.floor((FEED_LIMITS.congestedMs + 1_000) / FEED_LIMITS.flushMs) + 1,
  );
  // Once it takes its bytes again, it is told how many lines it missed.
  const recovered = page(FEED_LIMITS.bufferedBytes + 1);
  feed.follow(recovered.client);
  feed.recorded(1000, entry('/v1/pets'));
  vi.advanceTimersByTime(FEED_LIMITS.flushMs);
  recovered.client.buffered = 0;
  feed.recorded(1001, entry('/v1/pets'));
  vi.advanceTimersByTime(FEED_LIMITS.flushMs);
  expect(recovered.events().at(-1)).toMatchObject({ skipped: 1, lines: [{ id: 1001 }] });
});

it('sends a page that reconnects what it missed since its last event, and all it has after a restart', () => {
  const feed = createFeed();
  const first = page();
  feed.follow(first.client);
  feed.recorded(1, entry('/v1/pets/1'));
  vi.advanceTimersByTime(FEED_LIMITS.flushMs);
  const lastId = /id: (\S+)/.exec(first.written.join(''))?.[1];
  feed.recorded(2, entry('/v1/pets/2'));
  vi.advanceTimersByTime(FEED_LIMITS.flushMs);
  const again = page();
  feed.follow(again.client, lastId);
  expect(
    again
      .events()
      .flatMap((b) => b.lines)
      .map((l) => l.id),
  ).toEqual([2]);
  const otherBoot = page();
  feed.follow(otherBoot.client, 'an-earlier-process.2');
  expect(
    otherBoot
      .events()
      .flatMap((b) => b.lines)
      .map((l) => l.id),
  ).toEqual([1, 2]);
});

it('refuses more pages than it serves', () => {
  const feed = createFeed();
  for (let i = 0; i < FEED_LIMITS.clients; i += 1) feed.follow(page().client);
  expect(feed.full).toBe(true);
});
