/**
 * STRICT_PROFILE restates this project's decisions as a profile: each field is held here to
 * the element of spec/openapi.yaml that records it, so a change of the spec fails this test
 * until the profile follows.
 */
import { expect, it } from 'vitest';
import { DEFAULT_STATUS } from './constants.ts';
import { nodeAt, openapiDocument, operation, resolve } from './document.ts';
import { mergeProfiles, ProfileError, parseProfile, STRICT_PROFILE } from './profile.ts';

type Node = Record<string, unknown>;
const listPets = operation('listPets').node as Node;
const deref = (node: unknown): Node => {
  const ref = (node as { $ref?: string } | undefined)?.$ref;
  return (ref ? resolve(openapiDocument, ref)?.node : node) as Node;
};
const listResponse = (status: string) =>
  deref((listPets.responses as Record<string, unknown>)[status]);

/** Every Error example of the spec: its status and code. */
function errorExamples(): { status: number; code: string }[] {
  const found: { status: number; code: string }[] = [];
  const walk = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return;
    const { code, status, message } = node as Node;
    if (typeof code === 'string' && typeof status === 'number' && typeof message === 'string')
      found.push({ status, code });
    for (const child of Object.values(node)) walk(child);
  };
  walk(openapiDocument);
  return found;
}

it('pages by Link, as listPets documents a rel="next" Link header on its 200', () => {
  expect(STRICT_PROFILE.pagination).toBe('link');
  const link = deref((listResponse('200').headers as Node).Link);
  expect(String(link.description)).toContain('rel="next"');
});

it('lists in ascending id order, as the list-order decision says', () => {
  const decisions = [listPets['x-decision']].flat() as { id: string; rule?: string }[];
  const order = decisions.find((d) => d.id === 'list-order');
  expect(order?.rule).toContain('ascending `id` order');
  expect(STRICT_PROFILE.order).toBe('id-asc');
});

it('stores status as the spec defaults it, and refuses an out-of-range limit as listPets does', () => {
  expect(STRICT_PROFILE.defaultStatus).toBe(DEFAULT_STATUS);
  const refused = listResponse(String(STRICT_PROFILE.outOfRangeLimit));
  expect(String(refused.description)).toContain('`limit` is not an integer from 1 to 100');
});

it('carries the error codes of the spec’s own Error examples', () => {
  const examples = errorExamples();
  for (const [status, code] of Object.entries(STRICT_PROFILE.errorCodes ?? {}))
    expect(examples, `${status} ${code}`).toContainEqual({ status: Number(status), code });
  // The codes a strict server may use: the Error schema's list.
  const known = nodeAt(openapiDocument, '/components/schemas/Error/properties/code');
  expect(JSON.stringify(known)).toContain(STRICT_PROFILE.errorCodes?.['404'] ?? '?');
});

it('refuses an unknown field, value or rule id by name, and merges off lists', () => {
  expect(() => parseProfile({ order: 'random' })).toThrow(ProfileError);
  expect(() => parseProfile({ pagnation: 'link' })).toThrow(/unknown field pagnation/);
  expect(() => parseProfile({ off: ['list-ordre'] })).toThrow(/"list-ordre", which is no rule id/);
  expect(() => parseProfile({ outOfRangeLimit: 500 })).toThrow(/a 4xx status/);
  expect(mergeProfiles({ off: ['json'] }, { order: 'any', off: ['get-404'] })).toEqual({
    order: 'any',
    off: ['json', 'get-404'],
  });
});

it('limits names as PetName does and refuses unknown creation fields as NewPet does', () => {
  const name = nodeAt(openapiDocument, '/components/schemas/PetName') as Node;
  expect(STRICT_PROFILE.maxNameLength).toBe(name.maxLength);
  const newPet = nodeAt(openapiDocument, '/components/schemas/NewPet') as Node;
  expect(newPet.additionalProperties).toBe(false);
  expect(STRICT_PROFILE.unknownFields).toBe('refuse');
});

it('reads a name limit and an unknown-field choice, refusing other values by name', () => {
  expect(parseProfile({ maxNameLength: 40, unknownFields: 'ignore' })).toEqual({
    maxNameLength: 40,
    unknownFields: 'ignore',
  });
  expect(() => parseProfile({ maxNameLength: 0 })).toThrow(/^maxNameLength must be/);
  expect(() => parseProfile({ maxNameLength: '40' })).toThrow(/^maxNameLength must be/);
  expect(() => parseProfile({ unknownFields: 'drop' })).toThrow(/^unknownFields must be one of/);
  expect(parseProfile({ off: ['declared-name-length', 'declared-unknown-fields'] }).off).toEqual([
    'declared-name-length',
    'declared-unknown-fields',
  ]);
});

it('refuses a body under another media type as createPet documents its 415', () => {
  const post = operation('createPet').node as Node;
  const refusal = deref((post.responses as Record<string, unknown>)['415']);
  const decision = refusal['x-decision'] as { id: string };
  expect(decision.id).toBe('unsupported-media-type');
  expect(STRICT_PROFILE.otherMediaTypes).toBe('refuse');
  expect(parseProfile({ otherMediaTypes: 'read' })).toEqual({ otherMediaTypes: 'read' });
  expect(() => parseProfile({ otherMediaTypes: 'parse' })).toThrow(/one of read, refuse/);
});
