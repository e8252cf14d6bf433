/**
 * The rules a profile declares where the interface leaves a gap, by their stable ids, each
 * placed at the element of spec/openapi.yaml whose gap it fills. Contract findings cite
 * them beside the spec's own rules (spec/rules.ts), and a profile's `off` list may name them.
 */

/** Each declared rule: its words and the JSON pointer of the element whose gap it fills. */
export const DECLARED_RULES = {
  'declared-pagination': {
    text: 'A list continues as the profile declares (none: every matching animal in one answer, up to limit; link: RFC 8288 rel="next" until the last page), so a walk of it holds every animal exactly once.',
    element: '#/paths/~1pets/get',
  },
  'declared-order': {
    text: 'Animals are listed in the order the profile declares.',
    element: '#/paths/~1pets/get',
  },
  'declared-default-status': {
    text: 'An animal created without status is stored with the status the profile declares.',
    element: '#/components/schemas/NewPet/properties/status',
  },
  'declared-limit-range': {
    text: 'A limit outside 1..100 is clamped, or refused with the status the profile declares.',
    element: '#/components/parameters/Limit',
  },
  'declared-error-codes': {
    text: 'Each error status carries the code the profile declares.',
    element: '#/components/schemas/Error/properties/code',
  },
  'declared-name-length': {
    text: 'A name of the length the profile declares is accepted, and one character longer is refused with a 4xx Error.',
    element: '#/components/schemas/PetName',
  },
  'declared-unknown-fields': {
    text: 'A creation holding a property the payload does not define is accepted without storing it, or refused with 400, as the profile declares.',
    element: '#/components/schemas/NewPet',
  },
  'declared-media-types': {
    text: 'A valid creation body sent under another media type than JSON (text/plain, a form, no Content-Type) is read and stored as its fields say, or refused with a 4xx Error storing nothing, as the profile declares.',
    element: '#/paths/~1pets/post/requestBody',
  },
} as const;

/** The id of a rule a profile declares. */
export type DeclaredRuleId = keyof typeof DECLARED_RULES;

/** Whether `id` names a rule a profile declares. */
export const isDeclaredRule = (id: string): id is DeclaredRuleId =>
  Object.hasOwn(DECLARED_RULES, id);
