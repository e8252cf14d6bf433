/**
 * Strict level, animal decisions: default status, name and categoryId rules, the
 * strict creation payload, increasing ids, Location, and getPet's petId rule and
 * deprecation headers.
 */
import { describe, it } from 'vitest';
import type { RuleId } from '../../spec/checks/check.ts';
import { statusIn } from '../../spec/checks/checks.ts';
import { createdEchoes } from '../../spec/checks/pet-checks.ts';
import {
  errorCode,
  headerAbsent,
  headerIs,
  idAbove,
  messageNames,
} from '../../spec/checks/strict-checks.ts';
import { DEPRECATION, SUNSET } from '../../spec/constants.ts';
import { createOrStop, createPet, getPet, newPet } from '../harness/fixtures.ts';
import { client, options, verify } from '../harness/harness.ts';

const rejected = (rule: RuleId, why: string) => [
  statusIn([400], rule, why),
  errorCode('validation_failed', rule),
];
const deprecated = [
  headerIs('deprecation', /^@\d+$/, 'deprecation-header'),
  headerIs('deprecation', DEPRECATION, 'deprecation-date'),
  headerIs('sunset', SUNSET, 'sunset-header'),
  headerIs('link', /<[^>]*\/v1\/pets>; *rel="successor-version"/, 'successor-link'),
];

describe.runIf(options.level === 'strict' && !options.readOnly)(
  'strict: createPet decisions',
  () => {
    it('defaults status to available', async () => {
      const body = newPet('default');
      verify(
        await createPet(body),
        statusIn([201], 'default-status', 'for a valid creation'),
        createdEchoes({ ...body, status: 'available' }),
      );
    });

    it('stores a name of 255 characters with spaces and mixed case exactly', async () => {
      const name = ` ${newPet('Long').name} `.padEnd(255, 'Ab ');
      const body = { ...newPet('long'), name };
      verify(
        await createPet(body),
        statusIn([201], 'name-limits', 'for a 255-character name'),
        createdEchoes(body),
      );
    });

    it.each([
      ['a blank name', { name: '   ' }, 'name'],
      ['an empty name', { name: '' }, 'name'],
      ['a name of 256 characters', { name: 'n'.repeat(256) }, 'name'],
      ['categoryId 0', { categoryId: 0 }, 'categoryId'],
      ['a negative categoryId', { categoryId: -1 }, 'categoryId'],
      ['categoryId 2^63', { categoryId: 2n ** 63n }, 'categoryId'],
      ['a misspelt property', { stauts: 'sold' }, 'stauts'],
      ['an id', { id: 5 }, 'id'],
    ] as const)(
      'rejects %s with validation_failed naming the field',
      async (_what, change, field) => {
        const rule: RuleId =
          field === 'name'
            ? 'name-limits'
            : field === 'categoryId'
              ? 'category-range'
              : 'strict-payload';
        verify(
          await createPet({ ...newPet('bad'), ...change }),
          ...rejected(rule, `for ${_what}`),
          messageNames(field),
        );
      },
    );

    it('answers malformed JSON with malformed_json', async () => {
      verify(
        await createPet(undefined, '{"name":'),
        statusIn([400], 'create-400', 'for malformed JSON'),
        errorCode('malformed_json', 'error-codes'),
      );
    });

    it('accepts categoryId 2^63-1 and returns it exactly', async () => {
      const body = { ...newPet('maxcat'), categoryId: 2n ** 63n - 1n };
      verify(
        await createPet(body),
        statusIn([201], 'category-range', 'for the largest int64'),
        createdEchoes(body),
      );
    });

    it('assigns increasing positive ids and names the created pet in Location', async () => {
      let previous = 0n;
      for (let i = 0; i < 3; i++) {
        const exchange = await createPet(newPet('order'));
        const id = BigInt((exchange.response.json as { id: number | bigint }).id);
        verify(
          exchange,
          statusIn([201], 'ids-increasing', 'for a valid creation'),
          headerIs('location', new RegExp(`/v1/pets/${id}$`), 'location'),
          idAbove(previous),
        );
        previous = id;
      }
    });
  },
);

describe.runIf(options.level === 'strict')('strict: getPet decisions', () => {
  it.each(['0', '-1', 'abc', '1.5', String(2n ** 63n)])(
    'rejects petId %s with validation_failed and deprecation headers',
    async (id) => {
      const rule = /^-?\d+$/.test(id) && BigInt(id) < 1n ? 'pet-id-positive' : 'get-400';
      verify(await getPet(id), ...rejected(rule, 'for a malformed petId'), ...deprecated);
    },
  );

  it('sends Deprecation, Sunset and the successor Link on 404', async () => {
    verify(
      await getPet(2n ** 63n - 1n),
      statusIn([404], 'get-404', 'for an absent pet'),
      errorCode('not_found', 'error-codes'),
      ...deprecated,
    );
  });

  it.skipIf(options.readOnly)(
    'sends Deprecation, Sunset and the successor Link on 200, not on 401',
    async () => {
      const pet = await createOrStop(newPet('deprecated'));
      verify(
        await getPet(pet.id),
        statusIn([200], 'get-found', 'for a created pet'),
        ...deprecated,
      );
      const unauthenticated = await client.send({
        operation: 'getPet',
        method: 'GET',
        path: `/pets/${pet.id}`,
        headers: {},
      });
      verify(
        unauthenticated,
        statusIn([401], 'auth-first', 'without a key'),
        headerAbsent('sunset', 'auth-first'),
      );
    },
  );
});
