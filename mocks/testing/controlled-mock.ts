/**
 * For the mock's own tests: the mock's handlers and its control routes in this process, over
 * a store of twelve seeded animals, with the handle a test drives them through.
 */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll } from 'vitest';
import { createControlHandle } from '../core/control-handle.ts';
import { createControlHandlers } from '../core/controls.ts';
import { createHandlers } from '../core/handlers.ts';
import { createSessions } from '../core/sessions.ts';
import { createStore } from '../core/store.ts';

/** Serves the mock at `origin` for the test file (listening from beforeAll to afterAll). */
export function controlledMock(origin: string) {
  const sessions = createSessions({ store: createStore({ seedCount: 12 }) });
  const server = setupServer(
    ...createHandlers({ sessions, origin }),
    ...createControlHandlers(sessions, { origin }),
  );
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  return { mock: createControlHandle(sessions), server };
}
