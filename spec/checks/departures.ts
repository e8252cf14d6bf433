/**
 * The live judge of the mock's proxy (`petstore-mock --proxy URL`): each exchange between the
 * app and the backend is judged by the rules the contract suite applies, with the suite's own
 * checks (live-server.ts) run in the suite's order (judging.ts), and the app's request by the
 * request side of the interface (live-requests.ts). What it finds never changes an answer.
 * docs/proxy-departures.md lists the rules it applies and those it leaves to the suite.
 */
import type { Level } from '../levels.ts';
import type { Profile } from '../profile.ts';
import { type Failure, isObject, type RuleId, receivedAndExpected } from './check.ts';
import { citedRule } from './cited-rules.ts';
import { type Exchange, headerOf } from './exchange.ts';
import { judgeInOrder } from './judging.ts';
import { readRequest } from './live-requests.ts';
import { serverChecks } from './live-server.ts';
import type { Pet } from './pet-checks.ts';
import { loadContractSpec } from './spec-model.ts';

/** A departure from the interface seen in one proxied exchange. */
export type Departure = {
  /** The rule id the suite would name. */
  rule: RuleId;
  /** Who departed: the backend's answer, or the app's request. */
  side: 'server' | 'client';
  /** One line, as the suite's failure title. */
  title: string;
  /** What was seen (short). */
  received: string;
  /** What the rule wants. */
  expected: string;
  /** The rule's text (the sentence of the interface it breaks). */
  sentence: string;
};

/**
 * Judges the exchanges of one session in order, remembering what it saw across them;
 * `judged`, when given, is told the rules the backend's answer was judged by.
 */
export type LiveJudge = {
  judge(exchange: Exchange, judged?: (rules: readonly RuleId[]) => void): Departure[];
};

/** Answers saying the request was not processed, only to come again later: not judged. */
const NOT_PROCESSED = new Set([429, 503]);

/**
 * Whether the answer is a 304 to a request that asked "only if changed" (a browser's cache
 * sends `If-None-Match` or `If-Modified-Since` on its own, RFC 9110 §13.1): the client's copy
 * is still good, nothing was redirected, and the app reads the copy (a 200). The suite sends
 * no such header, so it never sees one.
 */
const notModified = ({ request, response }: Exchange) =>
  response.status === 304 &&
  (headerOf(request.headers, 'if-none-match') !== undefined ||
    headerOf(request.headers, 'if-modified-since') !== undefined);

/** The most animals one session's judge remembers; the oldest are forgotten first. */
export const REMEMBERED_PETS = 10_000;

const departure = (failure: Failure, side: Departure['side']): Departure => ({
  rule: failure.rule,
  side,
  title: failure.title,
  ...receivedAndExpected(failure.message),
  sentence: citedRule(failure.rule).text,
});

/**
 * The departure of a backend whose answer could not be read as its headers say (a body not in
 * the Content-Encoding it names): the suite's `transport` rule. The proxy's forwarder sees it,
 * since the judge is given only answers that were read whole.
 */
export const transportDeparture = (title: string, received: string): Departure => ({
  rule: 'transport',
  side: 'server',
  title,
  received,
  expected: 'one whole HTTP answer, its body as its Content-Encoding says',
  sentence: citedRule('transport').text,
});

/** The first failure of each rule: a log line names a rule once (a page over 100 breaks its schema and its bound). */
const onePerRule = (failures: Failure[]) =>
  failures.filter((f, i) => failures.findIndex((other) => other.rule === f.rule) === i);

/** The animal a creation answered with, when it holds an integer id. */
function createdPet(exchange: Exchange): Pet | undefined {
  const { request, response } = exchange;
  const body = response.json;
  if (request.operation !== 'createPet' || response.status !== 201 || !isObject(body))
    return undefined;
  const { id } = body;
  if (!(typeof id === 'number' && Number.isInteger(id)) && typeof id !== 'bigint') return undefined;
  return { ...body, id } as Pet;
}

/** A judge for one session at the given level, holding the backend to `profile` when one is in force. */
export function liveJudge(options: { level: Level; profile?: Profile }): LiveJudge {
  const spec = loadContractSpec(options.level);
  const profile = options.profile ?? {};
  const off = new Set<string>(profile.off ?? []);
  const pets = new Map<string, Pet>();
  const ids = new Set<string>();
  const remember = (pet: Pet) => {
    const id = String(pet.id);
    pets.delete(id);
    pets.set(id, pet);
    ids.add(id);
    for (const old of pets.keys()) {
      if (pets.size <= REMEMBERED_PETS) break;
      pets.delete(old);
      ids.delete(old);
    }
  };
  return {
    judge(exchange, judged) {
      const reading = readRequest(spec, exchange.request);
      const client = reading.departures.filter((f) => !off.has(f.rule));
      // No whole answer (the proxy reports the transport fault itself), or a request the
      // backend did not process (429, 503: the suite waits these out and judges none), or
      // the client's cached copy confirmed (304).
      const { status, fault } = exchange.response;
      if (status === 0 || fault !== undefined || NOT_PROCESSED.has(status) || notModified(exchange))
        return client.map((f) => departure(f, 'client'));
      const checks = serverChecks(spec, exchange.request, reading, { pets, ids }, profile);
      const rules: RuleId[] = [];
      const server = judgeInOrder(exchange, checks, {
        off,
        visit: (check) => {
          for (const rule of check.rules)
            if (!off.has(rule) && !rules.includes(rule)) rules.push(rule);
          return false;
        },
      });
      judged?.(rules);
      const pet = createdPet(exchange);
      if (pet) remember(pet);
      return [
        ...client.map((f) => departure(f, 'client')),
        ...onePerRule(server).map((f) => departure(f, 'server')),
      ];
    },
  };
}
