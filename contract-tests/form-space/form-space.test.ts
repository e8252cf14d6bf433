import { expect, it } from 'vitest';
import { requestBodySchema, resolve } from '../../spec/document.ts';
import { documentAtLevel } from '../../spec/levels.ts';
import type { Request } from '../client/http.ts';
import { authStates, inState } from './auth-states.ts';
import { bodyForms } from './body-forms.ts';
import { listDimensions } from './list-forms.ts';
import { nearSpellings, respelled, wordsOf } from './near-spellings.ts';
import { CANONICAL, OTHER_PATH_FORMS } from './path-forms.ts';
import { covering, product, sample, seeded } from './sampling.ts';
import { sampled, spaceSize } from './space.ts';
import { renamed, tokensAround, twinPlan } from './twins.ts';

const strict = documentAtLevel('strict');
const body = resolve(strict, requestBodySchema('createPet', strict) ?? '')?.node ?? {};
const required = body.required as string[];

it('spells every required member of the creation payload in near forms, generated from its name', () => {
  expect(required).toEqual(['name', 'categoryId']);
  const members = nearSpellings('categoryId').map((s) => s.member);
  expect(members).toEqual(
    expect.arrayContaining([
      'category_id',
      'category-id',
      'categoryid',
      'CategoryId',
      'categoryID',
    ]),
  );
  expect(members).not.toContain('categoryId');
  expect(new Set(members).size).toBe(members.length);
  expect(nearSpellings('name').map((s) => s.member)).toEqual([
    'NAME',
    'Name',
    ' name',
    'name ',
    '_name',
  ]);
  expect(wordsOf('petCategory_id')).toEqual(['pet', 'category', 'id']);
  const nested = nearSpellings('categoryId').find((s) => s.nested !== undefined);
  expect(
    respelled({ name: 'a', categoryId: 5 }, 'categoryId', nested ?? { label: '', member: '' }),
  ).toEqual({
    name: 'a',
    category: { id: 5 },
  });
});

it('writes every body form around a fresh name: valid ones to create, near spellings to refuse', () => {
  const forms = bodyForms();
  const refused = forms.filter((f) => f.expect === 'refuse');
  expect(refused.length).toBe(required.length + required.flatMap(nearSpellings).length);
  for (const form of forms) {
    const written = form.write('tag-1', 7);
    // Every form names its animal, under its name or a near spelling, but the one without it.
    if (form.label !== 'a body without name') expect(written.rawBody).toContain('tag-1');
    if (form.expect === 'create')
      expect(written.body).toMatchObject({ name: 'tag-1', categoryId: 7 });
    else expect(required.every((member) => member in written.body)).toBe(false);
  }
});

it('covers every value of every dimension at least as often as the depth asks, the same for a seed', () => {
  const dimensions = [
    ['a', 'b', 'c'],
    ['x', 'y'],
    ['1', '2', '3', '4', '5'],
  ];
  for (const times of [1, 2, 4]) {
    const rows = covering(dimensions, seeded(7), times);
    for (const [i, values] of dimensions.entries())
      for (const value of values)
        expect(rows.filter((row) => row[i] === value).length).toBeGreaterThanOrEqual(times);
  }
  expect(covering(dimensions, seeded(7))).toEqual(covering(dimensions, seeded(7)));
  expect(covering(dimensions, seeded(7))).not.toEqual(covering(dimensions, seeded(8)));
  expect(sample(dimensions, 'full', 1, (row) => row.join())).toHaveLength(3 * 2 * 5);
  expect(product(dimensions)).toHaveLength(30);
});

it('sends at full depth every form of the space, and at quick a covering of every list value and body form', () => {
  const input = {
    level: 'interface' as const,
    paths: {
      listPets: [CANONICAL],
      getPet: [CANONICAL, ...OTHER_PATH_FORMS.slice(0, 1)],
      createPet: [CANONICAL],
    },
    pets: [{ id: 3, name: 'a', categoryId: 1, status: 'sold' }],
  };
  const full = sampled(input, 'full', 1);
  const size = spaceSize(input);
  expect(full.filter((f) => f.operation === 'getPet')).toHaveLength(size.getPet);
  expect(full.filter((f) => f.operation === 'createPet')).toHaveLength(size.createPet);
  const quick = sampled(input, 'quick', 1);
  const lists = quick.flatMap((f) => (f.operation === 'listPets' ? [f.case.path] : []));
  const [limits = [], statuses = []] = listDimensions('interface');
  for (const choice of [...limits, ...statuses].filter((c) => c.text !== undefined))
    expect(
      lists.some((path) =>
        path.includes(`${choice.name}=${encodeURIComponent(choice.text ?? '')}`),
      ),
    ).toBe(true);
  const bodies = new Set(quick.flatMap((f) => (f.operation === 'createPet' ? [f.body.label] : [])));
  expect(bodies.size).toBe(bodyForms().length);
  expect(
    quick.filter((f) => f.operation === 'getPet' && f.path !== CANONICAL).length,
  ).toBeGreaterThan(0);
});

it('sends every form in the plainest state, and each other state on every operation (all of them at full)', () => {
  const request = (operation: 'listPets' | 'getPet', path: string): Request => ({
    operation,
    method: 'GET',
    path,
    headers: { Authorization: 'Bearer k3y-of-the-run' },
  });
  const sources = [
    { operation: 'listPets' as const, request: request('listPets', '/pets?limit=1') },
    { operation: 'listPets' as const, request: request('listPets', '/pets?status=sold') },
    { operation: 'getPet' as const, request: request('getPet', '/pets/1') },
  ];
  const states = authStates('k3y-of-the-run');
  expect(states[0]?.what).toBe('no Authorization header');
  const quick = twinPlan(sources, states, 'quick', 1);
  expect(quick.get(0)).toHaveLength(3);
  for (let state = 1; state < states.length; state++)
    expect(new Set(quick.get(state)?.map((s) => s.operation))).toEqual(
      new Set(['listPets', 'getPet']),
    );
  const full = twinPlan(sources, states, 'full', 1);
  for (let state = 0; state < states.length; state++) expect(full.get(state)).toHaveLength(3);
  const none = inState(sources[0]?.request as Request, states[0] as (typeof states)[0]);
  expect(Object.keys(none.headers)).toEqual([]);
  const inQuery = states.find((s) => s.query !== undefined);
  expect(inState(sources[0]?.request as Request, inQuery as (typeof states)[0]).path).toMatch(
    /^\/pets\?limit=1&api_key=/,
  );
});

it('names a creation again before sending it in another state, so that a stored one is told apart', () => {
  let n = 0;
  const fresh = () => `run1-tw-${n++}`;
  const tokens = (text: string) => text.match(/run1-[a-z0-9-]+/g) ?? [];
  const raw: Request = {
    operation: 'createPet',
    method: 'POST',
    path: '/pets',
    headers: {},
    rawBody: '{"name":"run1-k0001 <b>","x":"run1-k0001"}',
  };
  expect(renamed(raw, tokens, fresh)?.rawBody).toBe('{"name":"run1-tw-0 <b>","x":"run1-tw-0"}');
  const object: Request = { ...raw, rawBody: undefined, body: { name: 'run1-a-1', categoryId: 1 } };
  expect(renamed(object, tokens, fresh)?.body).toEqual({ name: 'run1-tw-1', categoryId: 1 });
  expect(renamed({ ...raw, rawBytes: new Uint8Array([0xff]) }, tokens, fresh)).toBeUndefined();
});

it("finds the run's names in a text by its mark, whole, however long the text around them", () => {
  expect(tokensAround('{"name":"ct1ab9-k0001 <b>","x":"other ct1ab9-tw-7"}', 'ab9')).toEqual([
    'ct1ab9-k0001',
    'ct1ab9-tw-7',
  ]);
  expect(tokensAround('no name here', 'ab9')).toEqual([]);
  // A name of 70,000 letters without the mark: linear work, where a pattern backtracked.
  expect(tokensAround('x'.repeat(70_000), 'ab9')).toEqual([]);
  expect(tokensAround(`${'x'.repeat(70_000)}ab9`, 'ab9')).toEqual([`${'x'.repeat(70_000)}ab9`]);
});
