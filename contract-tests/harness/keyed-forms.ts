/**
 * Every form of request the run sent with the valid key and the server served with an answer
 * of the operation's own (a documented status other than 401, or a 400), once each: the operation, the
 * method, the path with its ids as `{id}`, the query with any cursor as `*`, the headers but
 * the key, the body with its names as `<name>`, the status, and for an animal its status.
 * unauthenticated.contract.ts sends each again without the valid key: a rule that holds for
 * one form must hold for every form the server serves.
 */

import { isObject, show } from '../../spec/checks/check.ts';
import { headerOf } from '../../spec/checks/exchange.ts';
import { bodyText, type Exchange, type Request } from '../client/http.ts';
import { runTokens } from './refused.ts';
import { options, spec } from './run-context.ts';

/**
 * A form served with the key: the request as the suite first sent it, what it is, and whether
 * it was already sent again without any key (right after, by the file that sent it).
 */
export type KeyedForm = {
  signature: string;
  operation: Exclude<Request['operation'], 'other'>;
  request: Request;
  twinned?: boolean;
};

const forms = new Map<string, KeyedForm>();

/** The path with canonical ids as `{id}` and any cursor's value as `*`. */
function pathShape(path: string): string {
  const [pathname = '', query] = path.split('?');
  const shape = pathname.replace(/\/[1-9]\d*(?=\/|$)/g, '/{id}');
  const params = query === undefined ? '' : `?${query.replace(/(^|&)(cursor=)[^&]*/g, '$1$2*')}`;
  return `${shape}${params}`;
}

/** The headers but the key's, in order, lower-cased names. */
const headerShape = (headers: Record<string, string>) =>
  Object.entries(headers)
    .filter(([name]) => name.toLowerCase() !== 'authorization')
    .map(([name, value]) => `${name.toLowerCase()}: ${value}`)
    .join('; ');

/** A JSON value's shape: objects by their members, strings and numbers by kind, enum texts kept. */
function shapeOf(value: unknown, member?: string): unknown {
  if (Array.isArray(value)) return value.map((item) => shapeOf(item));
  if (isObject(value))
    return Object.fromEntries(Object.entries(value).map(([name, v]) => [name, shapeOf(v, name)]));
  if (typeof value === 'string') return member === 'status' ? value : 'a string';
  if (typeof value === 'bigint') return 'an integer';
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a number';
  return value;
}

/**
 * The body's form: a JSON body by its shape (members, kinds, `status` as sent), written as
 * compact JSON or otherwise; a text that is not JSON by its first characters, the run's names
 * as `<name>`; bytes that are not text by their length.
 */
function bodyShape(request: Request): string {
  if (request.rawBytes) return `${request.rawBytes.length} bytes`;
  const text = bodyText(request);
  if (text === undefined) return '';
  try {
    // Its shape only: JSON.parse's rounding of large numbers changes no kind.
    const parsed: unknown = JSON.parse(text);
    const compact = JSON.stringify(parsed).length === text.length ? '' : ' (written otherwise)';
    return `${show(shapeOf(parsed), 300)}${compact}`;
  } catch {
    return show(
      runTokens(text).reduce((t, token) => t.split(token).join('<name>'), text),
      60,
    );
  }
}

/** Whether the request carried the valid key as the interface writes it. */
const keyed = (request: Request) =>
  headerOf(request.headers, 'authorization') === `Bearer ${options.apiKey}`;

/** Notes the form of a request sent with the key, when the server served it; returns it. */
export function noteKeyed(request: Request, { response }: Exchange): KeyedForm | undefined {
  const { operation } = request;
  if (operation === 'other' || !keyed(request)) return undefined;
  const { status } = response;
  // An answer of the operation's own: a documented status, or the 400 refusing a bad value.
  if (status === 401 || (status !== 400 && spec.responses(operation)[String(status)] === undefined))
    return undefined;
  const pet = isObject(response.json) ? response.json.status : undefined;
  const signature = [
    operation,
    request.method,
    pathShape(request.path),
    headerShape(request.headers),
    bodyShape(request),
    status,
    operation === 'getPet' && typeof pet === 'string' ? `an animal ${pet}` : '',
  ].join(' | ');
  const form = forms.get(signature) ?? { signature, operation, request };
  forms.set(signature, form);
  return form;
}

/**
 * The form of a request just served with the key, to be sent again without any key right
 * away (a cache in front that keeps answers by URL only shows then), once per form: undefined
 * when it was not served or was sent so already.
 */
export function twinNow(request: Request, exchange: Exchange): KeyedForm | undefined {
  const form = noteKeyed(request, exchange);
  if (form === undefined || form.twinned) return undefined;
  form.twinned = true;
  return form;
}

/** The forms noted so far, in the order first sent. */
export const keyedForms = (): KeyedForm[] => [...forms.values()];
