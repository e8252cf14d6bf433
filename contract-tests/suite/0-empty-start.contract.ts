/**
 * The edges of state, seen as the run finds the server: an empty catalogue, and a status
 * filter no pet matches, answer 200 with an empty JSON array (not 404, null, {} or an
 * Error). Only a server holding no pet (or none of a status) can show it, so this file is
 * named to run before every file that creates pets (suite files run in name order,
 * run/file-order.ts), and sends GET requests only. Where the server already held pets the
 * test is skipped, saying why.
 */
import { describe, it } from 'vitest';
import { statusIn } from '../../spec/checks/checks.ts';
import type { Exchange } from '../client/http.ts';
import { listPets, STATUSES } from '../harness/fixtures.ts';
import { verify } from '../harness/harness.ts';

const mustBeEmpty = statusIn(
  [200],
  'list-responses',
  'and an empty JSON array ([]) for a list with nothing to show',
);

/** Whether the answer shows pets: the server held some, so emptiness is not observable. */
const showsPets = ({ response }: Exchange) =>
  response.status === 200 && Array.isArray(response.json) && response.json.length > 0;

describe('listPets with nothing to list', () => {
  it('answers 200 with an empty array for an empty catalogue', async ({ skip }) => {
    const exchange = await listPets();
    skip(showsPets(exchange), 'not observable here: the server held pets when the run started');
    verify(exchange, mustBeEmpty);
  });

  it.for(STATUSES)(
    'answers 200 with an empty array for status=%s when no pet has that status',
    async (status, { skip }) => {
      const exchange = await listPets(`status=${status}`);
      skip(showsPets(exchange), `not observable here: ${status} pets existed when the run started`);
      verify(exchange, mustBeEmpty);
    },
  );
});
