/**
 * Requests as real clients send them (client-forms.ts): every operation is served the same
 * whatever the case of the header names, whichever `Accept` a client sends (none included),
 * and a creation whether its body is framed by Content-Length or sent in chunks. A key that
 * works in one form and not in another breaks `auth-required`. Bodies as clients garble
 * them are refused with a client error and an `Error`, storing nothing: no member matched
 * in another case; bytes that are not UTF-8 are refused at strict level (no name with U+FFFD),
 * read or refused below it, the run saying which. A valid
 * creation under another label (text/plain, a form, none) may be read or refused: the run
 * says which, and holds the server to what its profile declares (`otherMediaTypes`).
 */
import { beforeAll, describe, it } from 'vitest';
import { check } from '../../spec/checks/check.ts';
import { statusIn } from '../../spec/checks/checks.ts';
import { createdEchoes, equalsPet, type Pet } from '../../spec/checks/pet-checks.ts';
import { readOrRefused } from '../../spec/checks/status-checks.ts';
import { stringifyJson } from '../../spec/json.ts';
import {
  CLIENT_FORMS,
  type ClientForm,
  GARBLED_BODIES,
  LABELLED_BODIES,
} from '../catalogue/client-forms.ts';
import type { Exchange, OperationId, Request } from '../client/http.ts';
import { createOrStop, listPets, newPet } from '../harness/fixtures.ts';
import { client, options, verify } from '../harness/harness.ts';
import { tagMaker } from '../harness/names.ts';
import { type Probe, probeBetween, storedNothingRefused } from '../harness/stored-nothing.ts';
import { authShellFor } from '../report/curl.ts';

const authorization = () => `Bearer ${options.apiKey}`;

/** A request of `operation` in a client's form, the key in its Authorization header. */
const inForm = (
  form: ClientForm,
  operation: OperationId,
  method: string,
  path: string,
  body?: string,
): Request => ({
  operation,
  method,
  path,
  headers: form.headers(authorization(), body !== undefined),
  ...(body === undefined ? {} : { rawBody: body }),
  ...(form.without ? { without: form.without } : {}),
  authShell: authShellFor(authorization(), options.apiKey),
  secret: options.apiKey,
  // The header's name is as the client writes it: that is what the request tests.
  spelled: true,
});

const labelled = CLIENT_FORMS.map((form) => [form.label, form] as const);

describe.concurrent('every operation served as real clients send it', () => {
  let pet: Pet | undefined;
  beforeAll(async () => {
    if (!options.readOnly) pet = await createOrStop(newPet('forms'));
  });

  it.each(labelled)('listPets answers 200 to %s', async (label, form) => {
    const exchange = await client.send(inForm(form, 'listPets', 'GET', '/pets?limit=1'));
    verify(exchange, statusIn([200], 'list-responses', `for a valid list request from ${label}`));
  });

  it.skipIf(options.readOnly).each(labelled)('createPet answers 201 to %s', async (label, form) => {
    const body = newPet('client');
    const exchange = await client.send(
      inForm(form, 'createPet', 'POST', '/pets', stringifyJson(body)),
    );
    verify(
      exchange,
      statusIn([201], 'create-responses', `for a valid creation from ${label}`),
      createdEchoes(body),
    );
  });

  it.skipIf(options.readOnly).each(labelled)('getPet answers 200 to %s', async (label, form) => {
    if (!pet) return;
    const exchange = await client.send(inForm(form, 'getPet', 'GET', `/pets/${pet.id}`));
    verify(
      exchange,
      statusIn([200], 'get-found', `for a created pet from ${label}`),
      equalsPet(pet),
    );
  });
});

/** A created pet whose name holds U+FFFD where bytes that are not UTF-8 were sent. */
const noReplacement = check('created-echoes', ({ response }) => {
  const name = (response.json as { name?: unknown } | undefined)?.name;
  return response.status < 300 && typeof name === 'string' && name.includes('\ufffd')
    ? {
        title: 'Bytes that are not UTF-8 were stored as U+FFFD',
        received: `name ${JSON.stringify(name)}`,
        expected: 'no name stored: bytes that are not UTF-8 are not JSON text (RFC 8259, 8.1)',
      }
    : undefined;
});

/** The Content-Type and body of a creation sent with the key. */
const creationWith = (
  type: string | undefined,
  body: string | Uint8Array | undefined,
): Request => ({
  operation: 'createPet',
  method: 'POST',
  path: '/pets',
  headers: { authorization: authorization(), ...(type ? { 'content-type': type } : {}) },
  ...(typeof body === 'string' ? { rawBody: body } : body ? { rawBytes: body } : {}),
  authShell: authShellFor(authorization(), options.apiKey),
  secret: options.apiKey,
});

describe.skipIf(options.readOnly)('createPet bodies as clients garble or mislabel them', () => {
  const refused = new Set<string>();
  const known = new Set<string>();
  /** What the server did with each valid body under another label, and each not UTF-8: read, or refused (status). */
  const readings = new Map<string, string>();
  let before: Pet | undefined;
  let nextTag = tagMaker('g');
  beforeAll(async () => {
    nextTag = tagMaker('g');
    before = await createOrStop(newPet('mark-before'));
  });

  const noteAnswer = (exchange: Exchange, tag: string | undefined) => {
    const id = (exchange.response.json as { id?: unknown } | undefined)?.id;
    if (exchange.response.status < 300 && id !== undefined) known.add(String(id));
    if (exchange.response.status >= 400 && tag !== undefined) refused.add(tag);
  };

  // Bytes that are not UTF-8: refused at strict level, read or refused below it (client-forms.ts).
  const strictly = options.level === 'strict';
  const refusedBodies = GARBLED_BODIES.filter((g) => strictly || !g.notUtf8);
  const readableBodies = GARBLED_BODIES.filter((g) => !strictly && g.notUtf8);

  // The bodies side by side; the check after them reads what they all left.
  it.concurrent.each(refusedBodies.map((g) => [g.label, g] as const))(
    'answers a client error with an Error, storing nothing, for %s',
    async (label, garbled) => {
      const tag = nextTag();
      const exchange = await client.send(
        creationWith(garbled.type, garbled.write(tag, options.categoryId)),
      );
      const allowed = garbled.notJson ? [400, 415] : [400];
      verify(exchange, statusIn(allowed, 'create-400', `for ${label}`), noReplacement);
      noteAnswer(exchange, garbled.tagged ? tag : undefined);
    },
  );

  it.concurrent.each(readableBodies.map((g) => [g.label, g] as const))(
    'reads, or refuses with a 4xx Error storing nothing, a creation with %s',
    async (label, garbled) => {
      const tag = nextTag();
      const exchange = await client.send(
        creationWith(garbled.type, garbled.write(tag, options.categoryId)),
      );
      verify(exchange, readOrRefused(undefined, `for ${label}`));
      noteAnswer(exchange, garbled.tagged ? tag : undefined);
      const { status } = exchange.response;
      readings.set(label, status === 201 ? 'read' : `refused (${status})`);
    },
  );

  const declared = options.profile.otherMediaTypes;
  it.concurrent.each(LABELLED_BODIES.map((l) => [l.label, l] as const))(
    `${declared === 'read' ? 'reads' : declared === 'refuse' ? 'refuses with a 4xx Error, storing nothing,' : 'reads, or refuses with a 4xx Error storing nothing,'} a valid creation sent as %s`,
    async (label, labelled) => {
      const tag = nextTag();
      const exchange = await client.send(
        creationWith(labelled.type, labelled.write(tag, options.categoryId)),
      );
      verify(
        exchange,
        readOrRefused(declared, `for a valid creation sent as ${label}`),
        createdEchoes({ name: tag, categoryId: options.categoryId }),
      );
      noteAnswer(exchange, tag);
      const { status } = exchange.response;
      readings.set(label, status === 201 ? 'read' : `refused (${status})`);
    },
  );

  it('stored nothing it refused (the ids between two markers, and the list)', async ({
    annotate,
  }) => {
    const after = await createOrStop(newPet('mark-after'));
    const cases = GARBLED_BODIES.length + LABELLED_BODIES.length;
    const probe: Probe = before
      ? await probeBetween(before, after, known, refused, 2 * cases + 20)
      : { probed: 0, skipped: 'no marker before the cases' };
    verify(
      await listPets('limit=100'),
      statusIn([200], 'list-responses', 'for a valid list request'),
      storedNothingRefused(refused),
    );
    if (probe.skipped) await annotate(`not observable here: ${probe.skipped}`);
    if (readings.size > 0)
      await annotate(`bodies under another media type or not UTF-8: ${mediaTypeChoice(readings)}`);
  });
});

/** What the server does with valid bodies under another label, by answer: `read: …; refused (415): …`. */
function mediaTypeChoice(readings: ReadonlyMap<string, string>): string {
  const byAnswer = new Map<string, string[]>();
  for (const [label, answer] of readings)
    byAnswer.set(answer, [...(byAnswer.get(answer) ?? []), label]);
  return [...byAnswer].map(([answer, labels]) => `${answer}: ${labels.join(', ')}`).join('; ');
}
