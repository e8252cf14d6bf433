/**
 * A consumer's pact as the suite replays it: a Pact file of specification v2, v3 or v4 (the
 * mock's `GET /__mock/pact`, pact-js, @pactflow/pact-msw-adapter) read into one form, its
 * HTTP interactions each with provider states, the request, the expected response, matching
 * rules and generators, and the gap choices this project's pacts name.
 */
import { parseJson, stringifyJson } from '../../spec/json.ts';
import {
  PACT_NOTES_KEY,
  type PactGenerator,
  type PactInteractionNotes,
  type PactMetadataNotes,
  type PactProviderState,
  type PactRuleSet,
  type ReliedGap,
} from '../../spec/pact.ts';

/** One HTTP interaction, ready to replay. */
export type PactCase = {
  description: string;
  states: PactProviderState[];
  request: {
    method: string;
    path: string;
    query: [string, string][];
    headers: Record<string, string>;
    body?: unknown;
  };
  /** The expected response; `body` absent: any body. */
  response: { status: number; headers: Record<string, string>; body?: unknown };
  rules: { body: Record<string, PactRuleSet>; header: Record<string, PactRuleSet> };
  generators: {
    path?: PactGenerator;
    query: Record<string, PactGenerator>;
    header: Record<string, PactGenerator>;
    body: Record<string, PactGenerator>;
    responseBody: Record<string, PactGenerator>;
  };
  /** The gap choices the interaction relied on (this project's pacts name them). */
  relies: ReliedGap[];
};

/** A whole pact: its parties, its HTTP interactions, and this project's notes if any. */
export type PactContract = {
  consumer: string;
  provider: string;
  specification: string;
  cases: PactCase[];
  /** Interactions that are not HTTP (messages), left out by description. */
  notHttp: string[];
  notes?: PactMetadataNotes;
};

/** A file that is no pact: the message says where. */
export class PactFileError extends Error {}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A v4 body (`{ content, contentType, encoded }`) or an earlier one, as its JSON value. */
function bodyOf(body: unknown, v4: boolean): unknown {
  if (!v4 || !isObj(body) || !('content' in body)) return body;
  const { content, encoded, contentType } = body;
  if (encoded === 'base64' && typeof content === 'string') return atob(content);
  if (typeof content === 'string' && /json/i.test(String(contentType ?? ''))) {
    try {
      return parseJson(content);
    } catch {
      return content;
    }
  }
  return content;
}

const headersOf = (headers: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries(isObj(headers) ? headers : {}).map(([k, v]) => [k, [v].flat().join(', ')]),
  );

function queryOf(query: unknown): [string, string][] {
  if (typeof query === 'string')
    return [...new URLSearchParams(query)].map(([k, v]) => [k, v] as [string, string]);
  if (!isObj(query)) return [];
  return Object.entries(query).flatMap(([k, v]) =>
    [v].flat().map((x): [string, string] => [k, String(x)]),
  );
}

/** v2's flat rules (`$.body.id`, `$.headers.X`, `{ "match": "type" }`) or v3/v4's by category. */
function rulesOf(rules: unknown, category: 'body' | 'header'): Record<string, PactRuleSet> {
  if (!isObj(rules)) return {};
  const byCategory = rules[category === 'header' && 'headers' in rules ? 'headers' : category];
  if (isObj(byCategory)) {
    const found: Record<string, PactRuleSet> = {};
    for (const [path, set] of Object.entries(byCategory))
      if (isObj(set))
        found[path] = Array.isArray(set.matchers)
          ? (set as PactRuleSet)
          : { matchers: [set as PactRuleSet['matchers'][number]] };
    return found;
  }
  const prefix = category === 'body' ? '$.body' : '$.headers.';
  const found: Record<string, PactRuleSet> = {};
  for (const [path, rule] of Object.entries(rules))
    if (path.startsWith(prefix) && isObj(rule)) {
      const key = category === 'body' ? `$${path.slice(prefix.length)}` : path.slice(prefix.length);
      const match =
        typeof rule.match === 'string' ? rule.match : 'regex' in rule ? 'regex' : 'type';
      found[key] = { matchers: [{ ...rule, match }] };
    }
  return found;
}

const gens = (value: unknown): Record<string, PactGenerator> =>
  (isObj(value) ? value : {}) as Record<string, PactGenerator>;

function caseOf(raw: unknown, at: number, v4: boolean): PactCase {
  if (!isObj(raw) || typeof raw.description !== 'string')
    throw new PactFileError(`interaction ${at + 1} has no description`);
  const { request, response } = raw;
  if (!isObj(request) || typeof request.method !== 'string' || typeof request.path !== 'string')
    throw new PactFileError(`interaction "${raw.description}" has no request method and path`);
  if (!isObj(response) || !Number.isInteger(Number(response.status)))
    throw new PactFileError(`interaction "${raw.description}" has no response status`);
  const states = Array.isArray(raw.providerStates)
    ? (raw.providerStates as PactProviderState[])
    : typeof raw.providerState === 'string'
      ? [{ name: raw.providerState }]
      : [];
  const requestGen = isObj(request.generators) ? request.generators : {};
  const responseGen = isObj(response.generators) ? response.generators : {};
  const notes = raw[PACT_NOTES_KEY] as PactInteractionNotes | undefined;
  return {
    description: raw.description,
    states,
    request: {
      method: request.method.toUpperCase(),
      path: request.path,
      query: queryOf(request.query),
      headers: headersOf(request.headers),
      ...(request.body === undefined ? {} : { body: bodyOf(request.body, v4) }),
    },
    response: {
      status: Number(response.status),
      headers: headersOf(response.headers),
      ...(response.body === undefined ? {} : { body: bodyOf(response.body, v4) }),
    },
    rules: {
      body: rulesOf(response.matchingRules, 'body'),
      header: rulesOf(response.matchingRules, 'header'),
    },
    generators: {
      ...(isObj(requestGen.path) ? { path: requestGen.path as PactGenerator } : {}),
      query: gens(requestGen.query),
      header: gens(requestGen.header),
      body: gens(requestGen.body),
      responseBody: gens(responseGen.body),
    },
    relies: Array.isArray(notes?.relies) ? notes.relies : [],
  };
}

/** Reads a pact from its JSON text or parsed value; throws PactFileError saying what is wrong. */
export function readPact(pact: unknown): PactContract {
  let value = pact;
  if (typeof pact === 'string') {
    try {
      value = parseJson(pact);
    } catch (error) {
      throw new PactFileError(`not JSON: ${(error as Error).message}`);
    }
  }
  if (!isObj(value) || !Array.isArray(value.interactions))
    throw new PactFileError('no Pact file: it has no "interactions" list');
  const metadata = isObj(value.metadata) ? value.metadata : {};
  const spec = isObj(metadata.pactSpecification) ? metadata.pactSpecification.version : undefined;
  const specification = String(spec ?? '2.0.0');
  const v4 = specification.startsWith('4');
  const http = value.interactions.filter(
    (i) => !isObj(i) || i.type === undefined || i.type === 'Synchronous/HTTP',
  );
  const name = (party: unknown) => (isObj(party) ? String(party.name ?? '') : '');
  return {
    consumer: name(value.consumer),
    provider: name(value.provider),
    specification,
    cases: http.map((raw, at) => caseOf(raw, at, v4)),
    notHttp: value.interactions
      .filter((i) => !http.includes(i))
      .map((i) => String((i as Obj).description)),
    ...(isObj(metadata[PACT_NOTES_KEY])
      ? { notes: metadata[PACT_NOTES_KEY] as PactMetadataNotes }
      : {}),
  };
}

/** A pact given as an object or as its text, as the text the suite reads (int64 kept exact). */
export const pactText = (pact: unknown): string =>
  typeof pact === 'string' ? pact : stringifyJson(pact);
