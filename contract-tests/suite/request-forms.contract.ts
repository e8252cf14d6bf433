/**
 * createPet takes JSON the way conforming clients write it: `application/json` with
 * parameters (`; charset=utf-8`), and any insignificant whitespace around the tokens; and it
 * refuses a body that is not exactly one JSON value (a second value, or anything after the
 * first), as a streaming parser reading only the first value would not (request-forms.ts).
 */
import { describe, it } from 'vitest';
import { statusIn } from '../../spec/checks/checks.ts';
import { createdEchoes } from '../../spec/checks/pet-checks.ts';
import { stringifyJson } from '../../spec/json.ts';
import {
  type BodyForm,
  JSON_MEDIA_TYPES,
  NOT_ONE_VALUE_FORMS,
  SPACED_FORMS,
} from '../catalogue/request-forms.ts';
import { bearer, type Exchange } from '../client/http.ts';
import { newPet } from '../harness/fixtures.ts';
import { client, options, verify } from '../harness/harness.ts';

/** POST /pets with this exact text and Content-Type, and the key. */
const post = (rawBody: string, type = 'application/json') =>
  client.send({
    operation: 'createPet',
    method: 'POST',
    path: '/pets',
    headers: { ...bearer(options.apiKey), 'content-type': type },
    rawBody,
  });

/** 201 for a JSON body; a refusal (4xx) breaks `json`, any other status createPet's responses. */
const mustCreate = (exchange: Exchange, why: string) => {
  const { status } = exchange.response;
  const rule = status >= 400 && status < 500 ? 'json' : 'create-responses';
  return statusIn([201], rule, `for a valid creation sent as ${why}`);
};

const byLabel = (forms: readonly BodyForm[]) => forms.map((f) => [f.label, f] as const);

describe.skipIf(options.readOnly).concurrent('createPet request forms', () => {
  it.each(JSON_MEDIA_TYPES)('creates a pet sent with Content-Type: %s', async (type) => {
    const body = newPet('type');
    const exchange = await post(stringifyJson(body), type);
    verify(exchange, mustCreate(exchange, `Content-Type: ${type}`), createdEchoes(body));
  });

  it.each(byLabel(SPACED_FORMS))('creates a pet sent as JSON with %s', async (label, form) => {
    const body = newPet('spaced');
    const exchange = await post(form.write(body, {}));
    verify(exchange, mustCreate(exchange, `JSON with ${label}`), createdEchoes(body));
  });

  it.each(byLabel(NOT_ONE_VALUE_FORMS))(
    'answers 400 with an Error for a body of %s',
    async (label, form) => {
      const exchange = await post(form.write(newPet('first'), newPet('second')));
      verify(exchange, statusIn([400], 'create-400', `for a body of ${label} (not JSON)`));
    },
  );
});
