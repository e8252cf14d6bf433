/**
 * The request side of the interface, judged on what an app sends through the mock's proxy:
 * the key in `Authorization: Bearer <API_KEY>`, `limit` an integer from 1 to 100, `status`
 * one of the `PetStatus` values, and a creation body that is a JSON `NewPet` without `id`.
 * Each departure cites the rule a server applies to it; the reading also tells the server's
 * judge what kind of request it answered (a bad one may be refused with a 4xx).
 */
import type { RuleId } from '../rules.ts';
import { type Failure, fail, show } from './check.ts';
import { headerOf, type Request } from './exchange.ts';
import { type BodyReading, readBody } from './live-bodies.ts';
import { ruleOfIssue } from './schema-rules.ts';
import type { ContractSpec } from './spec-model.ts';

const LIMIT = '#/components/parameters/Limit/schema';
const STATUS = '#/components/parameters/StatusFilter/schema';
const CANONICAL = /^(0|-?[1-9]\d*)$/;
const NUMBER = /^[+-]?\d+(\.\d+)?([eE][+-]?\d+)?$/;

/** A query parameter as sent: absent, valid (its value), in a notation left open, or invalid. */
export type ParamReading =
  | { kind: 'absent' }
  | { kind: 'valid'; value: string }
  | { kind: 'open' }
  | { kind: 'invalid'; text: string };

/** What the app's request was, as the server's judge needs it, and how it departed. */
export type RequestReading = {
  departures: Failure[];
  /** No well-formed `Bearer` key: the backend must not serve it as the app sent it. */
  keyless: boolean;
  limit: ParamReading;
  status: ParamReading;
  body?: BodyReading;
  /** A JSON creation body labelled other than JSON (a gap: read or refused). */
  otherMediaType?: boolean;
};

/**
 * What an Authorization value looks like, never the key: its scheme when it has one (a
 * known word), else how long it is, since a bare value may be the key itself.
 */
function shape(value: string): string {
  const [scheme = '', ...rest] = value.trim().split(/\s+/);
  const token = rest.join(' ');
  if (/^[A-Za-z][\w-]{0,19}$/.test(scheme) && rest.length > 0)
    return `${scheme} and ${token.length} more characters`;
  if (value.trim() === '') return 'an empty value';
  if (/^bearer$/i.test(value.trim())) return `${value.trim()} without a token`;
  return `a value of ${value.length} characters without a scheme`;
}

/** The Authorization header is `Bearer <token>` (the scheme in any case, RFC 9110 11.1). */
function keyDeparture(request: Request): Failure | undefined {
  const value = headerOf(request.headers, 'authorization');
  if (value !== undefined && /^bearer +[^\s]+$/i.test(value.trim())) return undefined;
  return fail(
    'auth-required',
    value === undefined
      ? 'Request without an Authorization header'
      : 'Authorization is not a Bearer key',
    value === undefined ? 'no Authorization header' : `Authorization: ${shape(value)}`,
    'Authorization: Bearer <API_KEY> on every request',
  );
}

/** The values of one query parameter of a path (`/pets?limit=5`). */
const queryValues = (path: string, name: string): string[] => {
  const at = path.indexOf('?');
  return at === -1 ? [] : new URLSearchParams(path.slice(at + 1)).getAll(name);
};

/** Reads one typed query parameter against its schema, citing `rule` or the schema's own. */
function readParam(
  spec: ContractSpec,
  path: string,
  name: string,
  pointer: string,
  rule: RuleId,
): { reading: ParamReading; departure?: Failure } {
  const values = queryValues(path, name);
  const [text] = values;
  if (text === undefined) return { reading: { kind: 'absent' } };
  // Repeated: which one a server reads is not shown (the suite leaves it open too).
  if (values.length > 1) return { reading: { kind: 'open' } };
  const integer = pointer === LIMIT;
  if (integer && NUMBER.test(text) && !CANONICAL.test(text) && Number.isInteger(Number(text)))
    return { reading: { kind: 'open' } };
  const value = integer && CANONICAL.test(text) ? Number(text) : text;
  const issues = spec.validator.validate(pointer, value, name);
  const [issue] = issues;
  if (!issue) return { reading: { kind: 'valid', value: text } };
  const cited = integer ? rule : ruleOfIssue(spec.document, pointer, issue, spec.level, rule);
  return {
    reading: { kind: 'invalid', text },
    departure: fail(
      cited,
      `The app sent ${name}=${show(text, 40)}`,
      `${name}=${show(text, 40)}: ${issue.message}`,
      integer
        ? `${name} an integer from 1 to 100`
        : `${name} one of the values the interface lists`,
    ),
  };
}

/** Reads the app's request against the request side of the interface. */
export function readRequest(spec: ContractSpec, request: Request): RequestReading {
  // A route outside the interface: nothing of it is stated, the key included.
  const key = request.operation === 'other' ? undefined : keyDeparture(request);
  const reading: RequestReading = {
    departures: key ? [key] : [],
    keyless: key !== undefined,
    limit: { kind: 'absent' },
    status: { kind: 'absent' },
  };
  if (request.operation === 'listPets') {
    const limit = readParam(spec, request.path, 'limit', LIMIT, 'limit-max');
    const status = readParam(spec, request.path, 'status', STATUS, 'status-filter');
    reading.limit = limit.reading;
    reading.status = status.reading;
    for (const found of [limit.departure, status.departure])
      if (found) reading.departures.push(found);
  }
  if (request.operation === 'createPet') {
    const { body, departures, otherMediaType } = readBody(spec, request);
    reading.body = body;
    reading.otherMediaType = otherMediaType === true;
    reading.departures.push(...departures);
  }
  return reading;
}
