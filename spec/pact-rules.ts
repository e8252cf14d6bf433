/**
 * The rules a consumer's pact declares, which `petstore-contract --pact` judges beside the
 * interface's, each placed at the element of spec/openapi.yaml it concerns (a profile's `off`
 * list may name them, as it names the rules of spec/declared-rules.ts).
 */
export const PACT_RULES = {
  'pact-interaction': {
    text: "Each interaction of the consumer's pact is answered as the pact expects, once its provider states are set up through the interface: the status, every header the pact names, and the body by its matching rules.",
    element: '#/paths',
  },
  'pact-gap': {
    text: "A choice the interface leaves open that an interaction of the consumer's pact relied on (an order, Link pages, a page size, a default status, an error code, how an invalid parameter is refused) is the choice the app saw.",
    element: '#/paths/~1pets',
  },
} as const;

/** The id of a rule a consumer's pact declares. */
export type PactRuleId = keyof typeof PACT_RULES;

/** Whether `id` names a rule a consumer's pact declares. */
export const isPactRule = (id: string): id is PactRuleId => Object.hasOwn(PACT_RULES, id);
