/**
 * A creation body as the app sent it through the proxy, read against the request side of the
 * interface: JSON labelled as JSON, a `NewPet` at the spec's level (each issue citing the rule
 * of the element it breaks), and no `id`, which the service assigns.
 */
import { parseJson } from '../json.ts';
import type { RuleId } from '../rules.ts';
import { type Failure, fail, isObject, show } from './check.ts';
import { bodyText, headerOf, type Request } from './exchange.ts';
import { ruleOfIssue } from './schema-rules.ts';
import type { ContractSpec } from './spec-model.ts';

const NEW_PET = '#/components/schemas/NewPet';

/** A creation body as sent: a valid NewPet (its fields), one that is not, or none readable. */
export type BodyReading =
  | { kind: 'valid'; value: Record<string, unknown> }
  | { kind: 'invalid'; value: unknown }
  | { kind: 'unreadable' };

/** Reads a creation body: JSON, then a NewPet at the spec's level, and no `id`. */
export function readBody(
  spec: ContractSpec,
  request: Request,
): { body: BodyReading; departures: Failure[]; otherMediaType?: boolean } {
  const type = headerOf(request.headers, 'content-type') ?? '(none)';
  const text = bodyText(request);
  let value: unknown;
  try {
    if (text === undefined) throw new SyntaxError('no body');
    value = parseJson(text);
  } catch {
    const received =
      text !== undefined
        ? `a body that is not JSON: ${show(text, 80)}`
        : request.rawBytes
          ? `${request.rawBytes.length} bytes that are not UTF-8 text`
          : 'no body';
    const departure = fail(
      'json',
      'The app sent a creation body that is not JSON',
      received,
      'a JSON NewPet',
    );
    return { body: { kind: 'unreadable' }, departures: [departure] };
  }
  const departures: Failure[] = [];
  if (!/^application\/([\w.-]+\+)?json\s*(;|$)/i.test(type))
    departures.push(
      fail(
        'json',
        'The app labelled a creation body other than JSON',
        `Content-Type ${type}`,
        'Content-Type application/json',
      ),
    );
  const byRule = new Map<RuleId, string[]>();
  for (const issue of spec.validator.validate(NEW_PET, value, 'body')) {
    const rule = ruleOfIssue(spec.document, NEW_PET, issue, spec.level, 'new-pet-fields');
    byRule.set(rule, [...(byRule.get(rule) ?? []), issue.message]);
  }
  for (const [rule, messages] of byRule)
    departures.push(
      fail(
        rule,
        `The app sent a creation body that is not a NewPet: ${messages[0]}`,
        `${messages.join('; ')} in ${show(value)}`,
        'a NewPet: name and categoryId, status optional, no id',
      ),
    );
  // The schema at interface level allows other properties, but the interface excludes `id`
  // (at strict level the schema refuses it, and the departure above says so).
  if (isObject(value) && Object.hasOwn(value, 'id') && byRule.size === 0)
    departures.push(
      fail(
        'id-assigned',
        'The app sent an id in a creation body',
        `id ${show(value.id)} in ${show(value)}`,
        'no id: the service assigns it',
      ),
    );
  return {
    body:
      byRule.size === 0 && isObject(value) ? { kind: 'valid', value } : { kind: 'invalid', value },
    departures,
    otherMediaType: departures.some((d) => d.rule === 'json'),
  };
}
