/**
 * "A refused request changes nothing the interface shows": every creation the run sent and the
 * server refused (400, 401 or 404) is noted by the names it carried, tokens unique to the run;
 * an animal holding one of them in any list or by id later is a refused creation stored. A
 * name sent again and created is no longer held against anything (an id consumed by a refused
 * creation is a gap, as a database sequence leaves; an animal appearing is not).
 */
import { check, isObject, type RuleId, show } from '../../spec/checks/check.ts';
import { bodyText, type Exchange } from '../client/http.ts';
import { tokensAround } from '../form-space/twins.ts';
import { mayCreate } from './budget.ts';
import { options } from './run-context.ts';

/** The rule a creation refused with each status and stored all the same breaks. */
const RULE_OF_REFUSAL: Readonly<Record<number, RuleId>> = {
  400: 'create-400',
  401: 'auth-401',
  404: 'create-responses',
};

// Every name the run makes holds the run id's last four characters (names.ts).
const MARK = options.runId.slice(-4);

/** The run's name tokens in a text: the names (or their tagged starts) it carries. */
export const runTokens = (text: string): string[] => tokensAround(text, MARK);

const refused = new Map<string, { rule: RuleId; status: number }>();
const created = new Set<string>();

/** Notes a creation's answer: the names it carried, refused or created. */
export function noteCreation({ request, response }: Exchange): void {
  if (!mayCreate(request)) return;
  const text = request.rawBytes
    ? Buffer.from(request.rawBytes).toString('latin1')
    : bodyText(request);
  const tokens = runTokens(text ?? '');
  const { status } = response;
  if (status >= 200 && status < 300) for (const token of tokens) created.add(token);
  const rule = RULE_OF_REFUSAL[status];
  if (rule) for (const token of tokens) refused.set(token, { rule, status });
}

/** Whether a refused creation may be looked for: at least one was noted. */
export const anyRefused = (): boolean => refused.size > 0;

/** The refusal a name shows stored, if it holds a token only ever refused. */
function refusalIn(name: string) {
  for (const token of runTokens(name)) {
    const refusal = refused.get(token);
    if (refusal && !created.has(token)) return { token, ...refusal };
  }
  return undefined;
}

/** An answer (a page or an animal) shows no animal of a creation the server refused. */
export const refusedNotStored = check(
  ['create-400', 'auth-401', 'create-responses'],
  ({ response }) => {
    if (response.status !== 200) return undefined;
    const items = Array.isArray(response.json) ? response.json : [response.json];
    for (const item of items) {
      const name = isObject(item) && typeof item.name === 'string' ? item.name : undefined;
      const refusal = name === undefined ? undefined : refusalIn(name);
      if (refusal)
        return {
          rule: refusal.rule,
          title: `A creation refused with ${refusal.status} was stored`,
          received: `${show(item)} (its name holds ${refusal.token}, sent only in a creation answered ${refusal.status})`,
          expected: `nothing stored for a creation answered ${refusal.status}`,
        };
    }
    return undefined;
  },
);
