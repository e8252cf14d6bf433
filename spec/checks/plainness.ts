/**
 * How plain a request is, for choosing the example a finding shows: the simplest case of a
 * rule is one whose request is otherwise ordinary (valid parameters and body, the key sent),
 * not the catalogue's edge case that happens to be short.
 */
import { parameters, requestBodySchema } from '../document.ts';
import { parseJson } from '../json.ts';
import { documentAtLevel } from '../levels.ts';
import type { SchemaValidator } from '../validation.ts';
import { bodyText, headerOf, type Request } from './exchange.ts';

const INTERFACE = documentAtLevel('interface');

/** A parameter's text as the value its schema judges: plain decimal digits as an integer. */
const asValue = (text: string): unknown =>
  /^-?(0|[1-9]\d{0,18})$/.test(text) ? parseJson(text) : text;

/** Whether the request's parameters are the operation's, each once and valid. */
function parametersValid(request: Request, validator: SchemaValidator): boolean {
  if (request.operation === 'other') return false;
  const url = new URL(request.path, 'http://x');
  const documented = parameters(request.operation, INTERFACE);
  const names = [...url.searchParams.keys()];
  if (new Set(names).size !== names.length) return false;
  for (const name of names) {
    const parameter = documented.find((p) => p.in === 'query' && p.name === name);
    const value = url.searchParams.get(name) ?? '';
    if (!parameter || validator.validate(parameter.schema, asValue(value), name).length > 0)
      return false;
  }
  const id = documented.find((p) => p.in === 'path');
  if (!id) return true;
  const text = decodeURIComponent(url.pathname.slice(url.pathname.lastIndexOf('/') + 1));
  return validator.validate(id.schema, asValue(text), id.name).length === 0;
}

/** Whether a creation's body is JSON, labelled so, and a valid NewPet. */
function bodyValid(request: Request, validator: SchemaValidator): boolean {
  const schema = request.operation === 'createPet' && requestBodySchema('createPet', INTERFACE);
  if (!schema) return request.rawBytes === undefined && bodyText(request) === undefined;
  const type = headerOf(request.headers, 'content-type') ?? '';
  const text = request.rawBytes ? undefined : bodyText(request);
  if (text === undefined || !/^application\/json\s*(;|$)/i.test(type)) return false;
  try {
    return validator.validate(schema, parseJson(text), 'body').length === 0;
  } catch {
    return false;
  }
}

/**
 * 0 for a request a client would ordinarily send (the key, valid parameters and body), one
 * more for each way it is not: no exact key (unless the rule is about the key), a parameter
 * or body the interface refuses, a header spelled on purpose.
 */
export function plainness(
  request: Request,
  validator: SchemaValidator,
  apiKey: string,
  aboutTheKey: boolean,
): number {
  const keyed = headerOf(request.headers, 'authorization') === `Bearer ${apiKey}`;
  return (
    (keyed || aboutTheKey ? 0 : 1) +
    (parametersValid(request, validator) ? 0 : 1) +
    (bodyValid(request, validator) ? 0 : 1) +
    (request.spelled || request.without ? 1 : 0)
  );
}
