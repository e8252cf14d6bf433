/**
 * How createPet reads its body: JSON under a JSON media type; under another label (text/plain,
 * a form, none) refused with 415 as this project decides, or read when the profile declares
 * `otherMediaTypes: read`, as Go's net/http or Django REST Framework read such bodies.
 */
import { MAX_BODY_BYTES } from '../../spec/constants.ts';
import { openapiDocument, required, resolve } from '../../spec/document.ts';
import { parseJson } from '../../spec/json.ts';
import { MockError } from './errors.ts';
import type { BodyTransport } from './transport.ts';

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
const FORM_MEDIA_TYPE = /^application\/x-www-form-urlencoded\s*(?:;|$)/i;

/** Whether a Content-Type is JSON (`application/json`, `application/problem+json`, …). */
export const isJsonMediaType = (type: string | null): boolean =>
  type !== null && JSON_MEDIA_TYPE.test(type);

/** NewPet's integer properties (`categoryId`): a form carries them as text. */
const INTEGER_FIELDS: ReadonlySet<string> = new Set(
  Object.entries(required(openapiDocument, '/components/schemas/NewPet').properties as object)
    .filter(([name]) => {
      const at = `/components/schemas/NewPet/properties/${name}`;
      return resolve(openapiDocument, at)?.node.type === 'integer';
    })
    .map(([name]) => name),
);

const utf8 = new TextDecoder('utf-8', { fatal: true });

const tooLarge = () =>
  new MockError(413, 'payload_too_large', `request body must be at most ${MAX_BODY_BYTES} bytes`);

/** A form's fields as a creation body: decimal integers where NewPet takes an integer. */
function formFields(text: string): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(text))
    fields[name] = INTEGER_FIELDS.has(name) && /^-?\d+$/.test(value) ? parseJson(value) : value;
  return fields;
}

/**
 * Reads a creation body: 413 over the size limit, 415 for another media type unless the
 * profile reads it, 400 when it is not JSON (or, read as a form, holds no field).
 */
export async function readCreationBody(
  request: Request,
  transport: BodyTransport,
  otherMediaTypes: 'read' | 'refuse',
): Promise<unknown> {
  if (Number(request.headers.get('content-length')) > MAX_BODY_BYTES) throw tooLarge();
  const type = request.headers.get('content-type');
  const form = type !== null && FORM_MEDIA_TYPE.test(type);
  if (!isJsonMediaType(type) && otherMediaTypes === 'refuse') {
    const got = type === null ? 'no Content-Type' : JSON.stringify(type);
    throw new MockError(
      415,
      'unsupported_media_type',
      `Content-Type must be application/json, got ${got}`,
    );
  }
  const bytes = await transport.readBody(request);
  if (bytes.byteLength > MAX_BODY_BYTES) throw tooLarge();
  try {
    const text = utf8.decode(bytes);
    return form ? formFields(text) : parseJson(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'not UTF-8';
    throw new MockError(400, 'malformed_json', `request body is not valid JSON: ${reason}`);
  }
}
