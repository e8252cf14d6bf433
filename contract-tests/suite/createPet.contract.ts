/**
 * createPet: 201 with an assigned id and the sent fields unchanged; 400 with an Error
 * for each missing required field, wrong type, invalid enum value and malformed JSON.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { statusIn } from '../checks.ts';
import { createPet, newPet, STATUSES } from '../fixtures.ts';
import { options, verify, verifyAllowing } from '../harness.ts';
import { invalidNewPet, validNewPet } from '../payloads.ts';
import { createdEchoes } from '../pet-checks.ts';
import { assertConforms, replayable } from '../replay.ts';

const must201 = statusIn([201], 'create-responses', 'for a valid creation');
const must400 = statusIn([400], 'create-400', 'for an invalid creation body');

describe.skipIf(options.readOnly)('createPet', () => {
  it.each(STATUSES)(
    'creates a pet with status %s and returns it with an id, fields unchanged',
    async (status) => {
      const body = newPet('create', status);
      verify(await createPet(body), must201, createdEchoes(body));
    },
  );

  it('creates a pet without status (it is optional) and returns name and categoryId unchanged', async () => {
    const body = newPet('nostatus');
    verify(
      await createPet(body),
      statusIn([201], 'new-pet-fields', 'without the optional status'),
      createdEchoes(body),
    );
  });

  it('returns a name with inner and outer spaces and mixed case exactly as sent, if it accepts it', async () => {
    const body = { ...newPet('padded'), name: ` ${newPet('Padded').name} Mixed Case ` };
    const exchange = await createPet(body);
    const echo = exchange.response.status === 201 ? [createdEchoes(body)] : [];
    verifyAllowing(
      exchange,
      [201, 400],
      'created-echoes',
      'for a name whose content a server may limit',
      ...echo,
    );
  });

  const invalid: [string, (valid: Record<string, unknown>) => unknown][] = [
    ['name is missing', ({ name: _, ...rest }) => rest],
    ['categoryId is missing', ({ categoryId: _, ...rest }) => rest],
    ['both required fields are missing', () => ({ status: 'sold' })],
    ['categoryId is a string', (v) => ({ ...v, categoryId: '1' })],
    ['categoryId is a fraction', (v) => ({ ...v, categoryId: 1.5 })],
    ['categoryId is null', (v) => ({ ...v, categoryId: null })],
    ['name is a number', (v) => ({ ...v, name: 42 })],
    ['name is null', (v) => ({ ...v, name: null })],
    ['status is not one of the enum values', (v) => ({ ...v, status: 'lost' })],
    ['status is a number', (v) => ({ ...v, status: 1 })],
    ['status is null', (v) => ({ ...v, status: null })],
    ['the body is an array', (v) => [v]],
  ];
  it.each(invalid)('answers 400 with an Error when %s', async (_why, mutate) => {
    verify(await createPet(mutate(newPet('invalid'))), must400);
  });

  it('answers 400 with an Error for malformed JSON', async () => {
    verify(await createPet(undefined, '{"name": "Rex", "categoryId": 1'), must400);
  });

  it('accepts or rejects (never fails on) a body with extra properties', async () => {
    const body = { ...newPet('extra'), nickname: 'x' };
    const exchange = await createPet(body);
    const { nickname: _, ...sent } = body;
    verifyAllowing(
      exchange,
      [201, 400],
      'new-pet-fields',
      'for a body with an extra property',
      ...(exchange.response.status === 201 ? [createdEchoes(sent)] : []),
    );
  });

  it('accepts every generated valid payload and returns it unchanged', async () => {
    await replayable(
      fc.asyncProperty(
        validNewPet(options.level, `${options.runId}-gen`, options.categoryId),
        async (body) => {
          assertConforms(await createPet(body), must201, createdEchoes(body));
        },
      ),
    );
  });

  it('rejects every generated invalid payload with 400 and an Error', async () => {
    await replayable(
      fc.asyncProperty(
        invalidNewPet(`${options.runId}-bad`, options.categoryId),
        async ({ body }) => {
          assertConforms(await createPet(body), must400);
        },
      ),
    );
  });
});
