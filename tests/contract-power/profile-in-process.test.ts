/**
 * The profiled mock holds to its profile without the CLI too: handlers given to msw's
 * setupServer with a `profile` option, and sessions of one standalone mock each given a
 * profile over HTTP (PUT /__mock/profile), all living side by side, pass the contract suite
 * with their own profile and fail it with one field changed.
 */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runContract } from '../../contract-tests/run/run.ts';
import {
  createNodeHandlers,
  DEFAULT_API_KEY,
  type MockServer,
  startMockServer,
} from '../../mocks/node/index.ts';
import type { Profile } from '../../spec/profile.ts';
import { MATRIX } from './profile-matrix.ts';

const apiKey = DEFAULT_API_KEY;
/** What a run said: why it gave no verdict, or its summary, or vitest's report. */
const summaryOf = (result: { reason?: string; summary: string; report: string }) =>
  result.reason ?? (result.summary || result.report);

it('passes handlers given to setupServer with each profile of the matrix, and fails one changed', async () => {
  for (const c of MATRIX) {
    const server = setupServer(...createNodeHandlers({ profile: c.profile }));
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const passed = await runContract({
        fetch: (r) => fetch(r),
        apiKey,
        profile: c.profile,
        depth: 'quick',
      });
      expect(passed.verdict, `${c.name}: ${summaryOf(passed)}`).toBe('passed');
      if (c === MATRIX[1]) {
        const failed = await runContract({
          fetch: (r) => fetch(r),
          apiKey,
          profile: c.changed,
          depth: 'quick',
        });
        expect(failed.verdict).toBe('failed');
        expect(failed.summary).toMatch(new RegExp(`^\\d+\\. ${c.caughtBy} \\(`, 'm'));
      }
    } finally {
      server.close();
    }
  }
}, 300_000);

let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer({ port: 0 });
});
afterAll(() => mock.close());

/** The app fetch of one session: every request of the run sent over HTTP with its header. */
const inSession = (session: string) => (request: Request) => {
  const headers = new Headers(request.headers);
  headers.set('x-mock-session', session);
  return fetch(new Request(request, { headers }));
};

const put = (session: string, profile: Profile) =>
  fetch(`${mock.origin}/__mock/profile`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'x-mock-session': session },
    body: JSON.stringify(profile),
  });

it('passes each session of one mock with the profile it was given over HTTP, the others keeping theirs', async () => {
  // Every session gets its profile first: they coexist while each run goes.
  for (const c of MATRIX) expect((await put(c.name, c.profile)).status).toBe(200);
  for (const c of MATRIX) {
    const result = await runContract({
      fetch: inSession(c.name),
      baseUrl: mock.baseUrl,
      apiKey,
      profile: c.profile,
      depth: 'quick',
    });
    expect(result.verdict, `${c.name}: ${summaryOf(result)}`).toBe('passed');
  }
  const changed = MATRIX[0];
  if (!changed) throw new Error('the matrix is empty');
  const failed = await runContract({
    fetch: inSession(changed.name),
    baseUrl: mock.baseUrl,
    apiKey,
    profile: changed.changed,
    depth: 'quick',
  });
  expect(failed.summary).toMatch(new RegExp(`^\\d+\\. ${changed.caughtBy} \\(`, 'm'));
  // The default session kept the server's (no) profile throughout.
  expect(mock.profile.get()).toEqual({ source: 'server', profile: {} });
}, 300_000);
