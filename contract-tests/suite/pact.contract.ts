/**
 * A consumer's pact (--pact FILE), replayed against the server one interaction after another,
 * as Pact's verifier would: each interaction's provider states set up through the interface
 * (the animals it needs created, the ids the server assigned put into the request), then its
 * request sent and its answer judged by the pact (status, named headers, body by matching
 * rules) and by every gap choice it relied on, beside the interface's own checks. Each check
 * is named after its interaction, so each failure is a finding naming it.
 */
import { describe, it } from 'vitest';
import { client, options, verify } from '../harness/harness.ts';
import { gapHolds, pactAnswer, pactStatus } from '../pact/pact-checks.ts';
import { readPact } from '../pact/pact-file.ts';
import { expectedBody, requestOf } from '../pact/pact-request.ts';
import { setUpStates } from '../pact/pact-states.ts';

const contract = options.pact === undefined ? undefined : readPact(options.pact);

describe.runIf(contract !== undefined)('pact', () => {
  if (contract?.cases.length === 0)
    it('replays every HTTP interaction of the pact', (context) =>
      context.skip('the pact holds no HTTP interaction'));
  for (const pact of contract?.cases ?? []) {
    it(pact.description, async (context) => {
      const states = await setUpStates(pact);
      if ('skip' in states) return context.skip(states.skip);
      const exchange = await client.send(requestOf(pact, states.values, options.apiKey));
      verify(
        exchange,
        ...pact.relies.map((gap) => gapHolds(gap, states.created)),
        pactStatus(pact),
        pactAnswer(pact, expectedBody(pact, states.values)),
      );
    });
  }
});
