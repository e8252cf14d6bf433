/**
 * One interaction of a pact from one journal entry: the request as the app sent it (no key,
 * no session), the provider states it needed (read off the answer: the animal it fetched, how
 * many animals the list showed, none), and the answer with matching rules: by type for what
 * the server assigns (`id`) and for other animals' fields, exact for what the app sent and read
 * where the interface fixes it, and exact for the gap choices it relied on, which are named.
 */
import { LIMIT } from '../../../spec/constants.ts';
import {
  PACT_NOTES_KEY,
  PACT_STATES,
  type PactGenerators,
  type PactInteractionNotes,
  type PactMatchingRules,
  type PactProviderState,
  type PactRuleSet,
  type ReliedGap,
} from '../../../spec/pact.ts';
import type { JournalEntry } from '../journal.ts';

/** An interaction as a v3 pact writes it, plus this project's notes. */
export type Interaction = {
  description: string;
  providerStates?: PactProviderState[];
  request: {
    method: string;
    path: string;
    query?: Record<string, string[]>;
    headers?: Record<string, string>;
    body?: unknown;
    matchingRules?: PactMatchingRules;
    generators?: PactGenerators;
  };
  response: {
    status: number;
    headers?: Record<string, string>;
    body?: unknown;
    matchingRules?: PactMatchingRules;
    generators?: PactGenerators;
  };
  [PACT_NOTES_KEY]: PactInteractionNotes;
};

const rule = (match: string, more: Record<string, unknown> = {}): PactRuleSet => ({
  combine: 'AND',
  matchers: [{ match, ...more }],
});
const exactly = (value: string) => rule('regex', { regex: `^${value.replace(/\W/g, '\\$&')}$` });
const JSON_TYPE = rule('regex', { regex: '^application/([\\w.+-]+\\+)?json(\\s*;.*)?$' });
const NEXT_LINK = rule('regex', { regex: '.*rel="?next"?.*' });
const ID = rule('integer');
const FROM_STATE = (expression: string) => ({ type: 'ProviderState', expression });
// biome-ignore lint/suspicious/noTemplateCurlyInString: Pact's expression for the state's id, not a template.
const STATE_ID = '${id}';

type Built = Pick<Interaction, 'providerStates'> & {
  response: Partial<Interaction['response']>;
  request?: Partial<Interaction['request']>;
};

/** The fields of an animal the app read: what the interface fixes, from what it showed. */
const animalFields = (pet: Record<string, unknown>, withStatus: boolean) => ({
  id: pet.id,
  name: pet.name,
  categoryId: pet.categoryId,
  ...(withStatus && pet.status !== undefined ? { status: pet.status } : {}),
});

/** listPets answered 200: N animals exist (of the filtered status), or none; typed items. */
function listAnswer(entry: JournalEntry, relies: readonly ReliedGap[]): Built {
  const items = entry.response.body as Record<string, unknown>[];
  const status = typeof entry.query.status === 'string' ? entry.query.status : undefined;
  const filter = status === undefined ? {} : { status };
  if (items.length === 0)
    return { providerStates: [{ name: PACT_STATES.none, params: filter }], response: { body: [] } };
  const linked = relies.some((gap) => gap.gap === 'pagination');
  const limit = Number(entry.query.limit ?? LIMIT.default);
  const max = Number.isInteger(limit) && limit >= LIMIT.min && limit <= LIMIT.max ? limit : 0;
  // A page as full as the app saw is a gap it relied on; a non-empty one the interface fixes.
  const min = relies.some((gap) => gap.gap === 'pageSize') ? items.length : 1;
  const body: Record<string, PactRuleSet> = {
    $: rule('type', { min, ...(max > 0 ? { max } : {}) }),
    '$[*].id': ID,
    '$[*].name': rule('type'),
    '$[*].categoryId': rule('integer'),
    ...(status === undefined ? {} : { '$[*].status': exactly(status) }),
  };
  return {
    providerStates: [
      { name: PACT_STATES.animals, params: { count: items.length + (linked ? 1 : 0), ...filter } },
    ],
    response: {
      body: [animalFields(items[0] as Record<string, unknown>, status !== undefined)],
      matchingRules: { body },
      ...(linked ? { headers: { Link: String(entry.response.headers.link) } } : {}),
    },
  };
}

/** getPet of an animal the app found: that animal exists; its id comes from the state. */
function foundAnswer(entry: JournalEntry): Built {
  const pet = entry.response.body as Record<string, unknown>;
  const { id: _, ...params } = animalFields(pet, true);
  const path = entry.path.replace(/[^/]+$/, STATE_ID);
  return {
    providerStates: [{ name: PACT_STATES.animal, params }],
    request: { generators: { path: FROM_STATE(path) } },
    response: {
      body: animalFields(pet, true),
      matchingRules: { body: { '$.id': ID } },
      generators: { body: { '$.id': FROM_STATE(STATE_ID) } },
    },
  };
}

/** getPet of an absent animal: no animal has that id (the state may name another). */
function absentAnswer(entry: JournalEntry): Built {
  return {
    providerStates: [{ name: PACT_STATES.absent, params: { id: entry.pathParams.petId } }],
    request: { generators: { path: FROM_STATE(entry.path.replace(/[^/]+$/, STATE_ID)) } },
    response: {},
  };
}

/** createPet answered 201: the fields sent come back as sent, the id by type. */
function createdAnswer(entry: JournalEntry): Built {
  const pet = entry.response.body as Record<string, unknown>;
  return {
    response: { body: animalFields(pet, true), matchingRules: { body: { '$.id': ID } } },
  };
}

/** An Error: its status as the interface fixes it, the code exact (a gap relied on), any message. */
function errorAnswer(entry: JournalEntry): Built {
  const error = entry.response.body as Record<string, unknown> | undefined;
  if (typeof error !== 'object' || error === null) return { response: {} };
  const coded = [400, 404].includes(entry.status);
  return {
    response: {
      body: { code: error.code, message: error.message, status: error.status },
      matchingRules: {
        body: { '$.message': rule('type'), ...(coded ? {} : { '$.code': rule('type') }) },
      },
    },
  };
}

function answerOf(entry: JournalEntry, relies: readonly ReliedGap[]): Built {
  const { operation, status } = entry;
  let built: Built = { response: {} };
  if (status >= 400) built = errorAnswer(entry);
  else if (operation === 'listPets' && Array.isArray(entry.response.body))
    built = listAnswer(entry, relies);
  else if (operation === 'getPet' && status === 200) built = foundAnswer(entry);
  else if (operation === 'createPet' && status === 201) built = createdAnswer(entry);
  if (operation === 'getPet' && status === 404) {
    const absent = absentAnswer(entry);
    built = { ...built, providerStates: absent.providerStates, request: absent.request };
  }
  return built;
}

/** The interaction of `entry`, named `description`, relying on `relies`. */
export function interactionOf(
  entry: JournalEntry,
  description: string,
  relies: ReliedGap[],
): Interaction {
  const built = answerOf(entry, relies);
  const query = Object.entries(entry.query).map(([name, value]) => [name, [value].flat()]);
  const contentType = entry.headers['content-type'];
  const hasBody = entry.body !== undefined;
  const headers = { ...built.response.headers };
  const matchingRules: PactMatchingRules = { ...built.response.matchingRules };
  if (entry.response.body !== undefined) {
    headers['Content-Type'] = entry.response.headers['content-type'] ?? 'application/json';
    matchingRules.header = { 'Content-Type': JSON_TYPE };
  }
  if (headers.Link !== undefined)
    matchingRules.header = { ...matchingRules.header, Link: NEXT_LINK };
  return {
    description,
    ...(built.providerStates ? { providerStates: built.providerStates } : {}),
    request: {
      method: entry.method,
      path: entry.path,
      ...(query.length > 0 ? { query: Object.fromEntries(query) } : {}),
      ...(hasBody && contentType ? { headers: { 'Content-Type': contentType } } : {}),
      ...(hasBody ? { body: entry.body } : {}),
      ...built.request,
      ...(built.request?.generators ? { matchingRules: { path: rule('type') } } : {}),
    },
    response: {
      status: entry.status,
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
      ...(built.response.body === undefined ? {} : { body: built.response.body }),
      ...(Object.keys(matchingRules).length > 0 ? { matchingRules } : {}),
      ...(built.response.generators ? { generators: built.response.generators } : {}),
    },
    [PACT_NOTES_KEY]: { operation: String(entry.operation), relies },
  };
}
