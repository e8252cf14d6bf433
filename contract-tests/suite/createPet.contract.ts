/**
 * createPet: 201 with an assigned id and the sent fields unchanged; 400 with an Error
 * for bodies wrong as a whole and malformed JSON; generated valid and invalid payloads.
 */
import { describe, it } from 'vitest';
import { statusIn } from '../../spec/checks/checks.ts';
import { createdEchoes } from '../../spec/checks/pet-checks.ts';
import { invalidNewPet, validNewPet } from '../catalogue/payloads.ts';
import { createPet, newPet, STATUSES } from '../harness/fixtures.ts';
import { options, verify } from '../harness/harness.ts';
import { generatedPrefix } from '../harness/names.ts';
import { assertConforms, replayableSideBySide } from '../harness/replay.ts';

const must201 = statusIn([201], 'create-responses', 'for a valid creation');
const must400 = statusIn([400], 'create-400', 'for an invalid creation body');

describe.skipIf(options.readOnly).concurrent('createPet', () => {
  it.each(STATUSES)(
    'creates a pet with status %s and returns it with an id, fields unchanged',
    async (status) => {
      const body = newPet('create', status);
      verify(await createPet(body), must201, createdEchoes(body));
    },
  );

  it('creates a pet without status (it is optional) and returns name and categoryId unchanged', async () => {
    const body = newPet('nostatus');
    const exchange = await createPet(body);
    // A refusal breaks "status is optional"; any other wrong status createPet's responses.
    const rule = exchange.response.status === 400 ? 'new-pet-fields' : 'create-responses';
    verify(exchange, statusIn([201], rule, 'without the optional status'), createdEchoes(body));
  });

  // Each field's wrong types and values are in the accept-or-reject catalogue; these are
  // bodies wrong as a whole.
  const invalid: [string, (valid: Record<string, unknown>) => unknown][] = [
    ['both required fields are missing', () => ({ status: 'sold' })],
    ['the body is an array', (v) => [v]],
    ['the body is a string', () => 'Rex'],
    ['the body is null', () => null],
    ['the body is an empty object', () => ({})],
  ];

  it.each(invalid)('answers 400 with an Error when %s', async (_why, mutate) => {
    verify(await createPet(mutate(newPet('invalid'))), must400);
  });

  it('answers 400 with an Error for malformed JSON', async () => {
    verify(await createPet(undefined, '{"name": "Rex", "categoryId": 1'), must400);
  });

  it('accepts every generated valid payload and returns it unchanged', async () => {
    const gen = generatedPrefix('gen');
    await replayableSideBySide(
      validNewPet(options.level, gen.prefix, options.categoryId, gen.room),
      async (body) => {
        assertConforms(await createPet(body), must201, createdEchoes(body));
      },
    );
  });

  it('rejects every generated invalid payload with 400 and an Error', async () => {
    const bad = generatedPrefix('bad');
    await replayableSideBySide(
      invalidNewPet(bad.prefix, options.categoryId, bad.room),
      async ({ body }) => {
        assertConforms(await createPet(body), must400);
      },
    );
  });
});
