/**
 * Server-owned fields: every property the spec marks `readOnly` in the created pet's
 * schema (found by walking it: today `id`) is never honoured when a client sends it. The
 * server may refuse the body with 400 (the strict level requires it) or ignore the field,
 * but the created pet never takes the value sent: neither the id of a pet that already
 * exists (which would also overwrite it) nor a fresh one.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { check, type RuleId, sameInteger, show } from '../../spec/checks/check.ts';
import { statusIn } from '../../spec/checks/checks.ts';
import { createdEchoes, equalsPet, type Pet } from '../../spec/checks/pet-checks.ts';
import { readOnlyProperties } from '../../spec/checks/schema-rules.ts';
import { requestBodySchema, response } from '../../spec/document.ts';
import { createOrStop, createPet, getPet, newPet } from '../harness/fixtures.ts';
import { options, spec, verify, verifyAllowing } from '../harness/harness.ts';

const created = response('createPet', 201, spec.document as never)?.schema ?? '';
const owned = Object.keys(readOnlyProperties(spec.document, created));
const body = requestBodySchema('createPet', spec.document as never) ?? '';

/**
 * The created pet does not carry the value the client sent for a server-owned field. When
 * that value is an existing pet's, the label says so: the server may have assigned a
 * colliding value of its own rather than taken the client's.
 */
const notHonoured = (field: string, sent: unknown, existing?: Pet) =>
  check('id-assigned', ({ response }) => {
    const value = (response.json as Record<string, unknown> | undefined)?.[field];
    // A number sent as a JSON string counts too: a server may coerce it.
    const asNumber = typeof sent === 'string' && /^-?\d+$/.test(sent) ? BigInt(sent) : sent;
    return sameInteger(value, asNumber) || value === sent
      ? {
          title: existing
            ? `Created pet has the ${field} ${show(value)} of an existing pet, the value the client sent`
            : `Created pet has the client-sent ${field} ${show(value)}`,
          received: `${field} ${show(value)}`,
          expected: `a ${field} the server assigns, not ${show(sent)}`,
        }
      : undefined;
  });

/** A fresh value for an integer field, from the run's seed (62 random bits: never assigned by chance). */
const fresh =
  fc.sample(fc.bigInt(2n ** 40n, 2n ** 62n), { seed: options.seed, numRuns: 1 })[0] ?? 2n ** 61n;

async function send(field: string, value: unknown, existing?: Pet) {
  const sent = { ...newPet(`owned-${field}`), [field]: value };
  const exchange = await createPet(sent);
  const valid = spec.validator.validate(body, sent).length === 0;
  // Refusing is open unless the level's body schema refuses the field (strict: strict-payload).
  const rule: RuleId = valid ? 'id-assigned' : 'strict-payload';
  const { [field]: _, ...fields } = sent;
  const accepted = exchange.response.status === 201;
  verifyAllowing(
    exchange,
    valid ? [201, 400] : [400],
    rule,
    `for a body carrying ${field}`,
    ...(accepted ? [createdEchoes(fields), notHonoured(field, value, existing)] : []),
  );
  if (existing)
    verify(
      await getPet(existing.id),
      statusIn([200], 'get-found', 'for a pet created before'),
      equalsPet(existing),
    );
}

describe.skipIf(options.readOnly).concurrent('server-owned fields', () => {
  it.each(owned)('never takes a client-sent %s that an existing pet has', async (field) => {
    const existing = await createOrStop(newPet('owner'));
    await send(field, existing[field as keyof Pet], existing);
  });

  it.each(owned)('never takes a fresh client-sent %s', async (field) => {
    await send(field, fresh);
  });

  it.each(owned)('never takes a fresh client-sent %s written as a JSON string', async (field) => {
    // 12 digits: also within what a server parsing the text as a double or a 64-bit int takes.
    await send(field, String((fresh % 10n ** 11n) + 10n ** 11n));
  });
});
