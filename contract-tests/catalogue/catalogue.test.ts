import { expect, it } from 'vitest';
import { parseJson } from '../../spec/json.ts';
import { bodyCases } from './catalogue.ts';
import { paramCases } from './catalogue-params.ts';

let n = 0;
const tag = () => `ct-k${String(n++).padStart(4, '0')}`;
const find = (level: 'interface' | 'strict', title: string) => {
  const found = bodyCases(level, 1, tag).find((c) => c.title === title);
  if (!found) throw new Error(`no case ${title}`);
  return found;
};

it('leaves names and categories open at interface level, where the spec records a decision', () => {
  expect(find('interface', 'name: 10,000 characters').expect).toBe('open');
  expect(find('interface', 'categoryId: -1').expect).toBe('open');
  expect(find('interface', 'with an unknown property').expect).toBe('open');
  expect(find('interface', 'status: the member sold')).toMatchObject({
    expect: 'accept',
    rule: 'new-pet-fields',
  });
});

it('requires refusing what the schema refuses at every level, and the decisions at strict', () => {
  for (const level of ['interface', 'strict'] as const) {
    expect(find(level, 'name: a number')).toMatchObject({ expect: 'reject', rule: 'create-400' });
    expect(find(level, 'categoryId: one past the int64 maximum').expect).toBe('reject');
    expect(find(level, 'status: a member in upper case').expect).toBe('reject');
    expect(find(level, 'without the required categoryId').expect).toBe('reject');
  }
  // The strict level's decisions, each case with its verdict and the decision it cites.
  const decided = [
    ['name: 256 characters (one past maxLength)', 'reject', 'name-limits'],
    ['name: 255 characters (maxLength)', 'accept', 'name-limits'],
    ['categoryId: 0', 'reject', 'category-range'],
    ['with an unknown property', 'reject', 'strict-payload'],
  ] as const;
  for (const [title, verdict, rule] of decided)
    expect(find('strict', title), title).toMatchObject({ expect: verdict, rule });
});

it('sends other notations of a number verbatim and tags every case that can carry a tag', () => {
  const exponent = find('interface', 'categoryId: exponent notation (1e2)');
  expect(exponent.rawBody).toMatch(/"categoryId":1e2}$/);
  expect(exponent.body.categoryId).toBe(100);
  for (const c of bodyCases('interface', 1, tag)) {
    const sent = parseJson(c.rawBody) as Record<string, unknown>;
    if (typeof sent.name === 'string' && sent.name.trim().length > 1)
      expect(c.tag, c.title).toBeDefined();
    if (c.tag) expect(String(sent.name)).toContain(c.tag);
  }
});

it('judges parameter values by the level\u2019s schema, leaving other notations open', () => {
  const at = (level: 'interface' | 'strict', op: 'listPets' | 'getPet', title: string) =>
    paramCases(op, level).find((c) => c.title.startsWith(title));
  expect(at('interface', 'listPets', 'limit="0"')?.verdict).toBe('invalid');
  expect(at('interface', 'listPets', 'limit="100"')).toMatchObject({
    verdict: 'valid',
    valid: { limit: '100' },
  });
  expect(at('interface', 'listPets', 'limit="1e2"')?.verdict).toBe('open');
  expect(at('interface', 'listPets', 'status repeated')?.verdict).toBe('open');
  expect(at('interface', 'getPet', 'petId="0"')).toMatchObject({ verdict: 'valid', decided: true });
  expect(at('strict', 'getPet', 'petId="0"')?.verdict).toBe('invalid');
  expect(at('strict', 'getPet', 'petId="abc"')?.path).toBe('/pets/abc');
  expect(paramCases('listPets', 'strict').some((c) => c.title.startsWith('cursor'))).toBe(false);
});
