/**
 * A session's journal as a Pact file (specification v3 or v4): one interaction per request
 * shape the app made, oldest first, with the provider states it needed, matching rules, and
 * the gap choices it relied on named on each interaction (v4: also as comments) and, added up
 * as a profile, in the metadata. The journal never holds a key, and neither does the pact.
 */
import { openapiDocument } from '../../../spec/document.ts';
import {
  PACT_NOTES_KEY,
  type PactMetadataNotes,
  profileOfGaps,
  type ReliedGap,
} from '../../../spec/pact.ts';
import type { Profile } from '../../../spec/profile.ts';
import { MockError } from '../errors.ts';
import type { JournalEntry } from '../journal.ts';
import { reliedGaps } from './pact-gaps.ts';
import { type Interaction, interactionOf } from './pact-interaction.ts';
import { describeEntry, leftOutReason, shapeOf } from './pact-shape.ts';

/** How to write a pact: the consumer's name (required), the provider's, the specification. */
export type PactOptions = {
  consumer: string;
  /** The provider's name (default `petstore`, so the file is `<consumer>-petstore.json`). */
  provider?: string;
  /** Pact specification 3 or 4 (default 4). */
  specification?: 3 | 4;
};

/** A journal to write from, and the profile its session answered by. */
export type PactSource = { entries: readonly JournalEntry[]; profile: Profile };

/** A Pact file as this project writes it (v3 or v4 JSON). */
export type PactFile = {
  consumer: { name: string };
  provider: { name: string };
  interactions: Record<string, unknown>[];
  metadata: Record<string, unknown> & { [PACT_NOTES_KEY]: PactMetadataNotes };
};

const NAME = /^[\w.~@/ -]{1,100}$/;

/** Checks the names and specification of a pact; a MockError naming the option otherwise. */
export function checkPactOptions(options: Partial<PactOptions>): Required<PactOptions> {
  const { consumer, provider = 'petstore', specification = 4 } = options;
  for (const [field, value] of [
    ['consumer', consumer],
    ['provider', provider],
  ] as const)
    if (typeof value !== 'string' || !NAME.test(value))
      throw new MockError(
        400,
        'validation_failed',
        `pact ${field} must be a name of 1 to 100 letters, digits, spaces or . _ ~ @ / -, got ${JSON.stringify(value ?? null)}`,
      );
  if (specification !== 3 && specification !== 4)
    throw new MockError(
      400,
      'validation_failed',
      `pact specification must be 3 or 4, got ${JSON.stringify(specification)}`,
    );
  return { consumer: consumer as string, provider, specification };
}

/** Headers as v4 writes them: each a list of values. */
const listed = (headers: Record<string, string> | undefined) =>
  headers && Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]]));

/** A body as v4 writes it: its content with its media type. */
const v4Body = (body: unknown) =>
  body === undefined
    ? undefined
    : { content: body, contentType: 'application/json', encoded: false };

/** The v4 form of an interaction: typed, headers as lists, bodies wrapped, notes as comments. */
function asV4(interaction: Interaction): Record<string, unknown> {
  const { request, response } = interaction;
  const relies = interaction[PACT_NOTES_KEY].relies;
  const drop = <T extends object>(value: T) =>
    Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
  return {
    type: 'Synchronous/HTTP',
    ...interaction,
    pending: false,
    request: drop({ ...request, headers: listed(request.headers), body: v4Body(request.body) }),
    response: drop({ ...response, headers: listed(response.headers), body: v4Body(response.body) }),
    ...(relies.length > 0
      ? { comments: { text: relies.map((gap) => `Relies on a gap of the interface: ${gap.note}`) } }
      : {}),
  };
}

/** Writes the journals of `sources` as one pact between `options.consumer` and its provider. */
export function exportPact(sources: readonly PactSource[], options: PactOptions): PactFile {
  const { consumer, provider, specification } = checkPactOptions(options);
  const interactions: Interaction[] = [];
  const leftOut: PactMetadataNotes['leftOut'] = [];
  const shapes = new Set<string>();
  const gaps: ReliedGap[] = [];
  for (const { entries, profile } of sources)
    for (const entry of entries) {
      const reason = leftOutReason(entry);
      const request = `${entry.method} ${entry.path}`;
      if (reason !== undefined) {
        if (!leftOut.some((l) => l.request === request && l.reason === reason))
          leftOut.push({ request, reason });
        continue;
      }
      const shape = shapeOf(entry);
      if (shapes.has(shape)) continue;
      shapes.add(shape);
      const relies = reliedGaps(entry, profile);
      gaps.push(...relies);
      interactions.push(interactionOf(entry, describeEntry(entry), relies));
    }
  const notes: PactMetadataNotes = {
    interface: String((openapiDocument.info as { version?: unknown }).version),
    profile: profileOfGaps(gaps),
    leftOut,
  };
  return {
    consumer: { name: consumer },
    provider: { name: provider },
    interactions: specification === 4 ? interactions.map(asV4) : interactions,
    metadata: {
      pactSpecification: { version: specification === 4 ? '4.0' : '3.0.0' },
      [PACT_NOTES_KEY]: notes,
    },
  };
}
