import { expect, it } from 'vitest';
import { formatRequest } from './request-log.ts';

const line = { time: 0, method: 'GET', target: '/v1/pets', session: null, status: 200, ms: 1.2 };

it('ends a proxied line with who answered, and why the mock did when it answered on fallback', () => {
  expect(formatRequest({ ...line, answeredBy: 'backend', departures: [] }, 'text')).toMatch(
    / 200 1\.2 ms → backend\n$/,
  );
  expect(formatRequest({ ...line, answeredBy: 'mock', departures: [] }, 'text')).toMatch(
    / 200 1\.2 ms → mock\n$/,
  );
  expect(
    formatRequest({ ...line, answeredBy: 'mock', fallback: 'the backend answered 501' }, 'text'),
  ).toMatch(/→ mock \(fallback: the backend answered 501\)\n$/);
  expect(
    formatRequest(
      { ...line, answeredBy: 'backend', departures: [{ rule: 'json', side: 'server' }] },
      'text',
    ),
  ).toMatch(/→ backend ✗ json \(server\)\n$/);
});
