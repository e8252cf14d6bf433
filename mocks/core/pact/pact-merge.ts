/**
 * Two pacts of one consumer and provider as one: the interactions of both, each description
 * once (the earlier pact's first), what each left out, and the gap choices of them all as a
 * profile. Test files that each write the pact of their own journal add up this way.
 */
import { PACT_NOTES_KEY, type PactInteractionNotes, profileOfGaps } from '../../../spec/pact.ts';
import type { PactFile } from './pact-export.ts';

/** Joins `later` into `earlier`; throws when they are not pacts of the same parties and version. */
export function mergePacts(earlier: PactFile, later: PactFile): PactFile {
  const parties = (pact: PactFile) =>
    `${pact.consumer.name} -> ${pact.provider.name} (specification ${JSON.stringify(pact.metadata.pactSpecification)})`;
  if (parties(earlier) !== parties(later))
    throw new Error(`cannot join the pact ${parties(later)} to the pact ${parties(earlier)}`);
  const seen = new Set(earlier.interactions.map((i) => i.description));
  const interactions = [
    ...earlier.interactions,
    ...later.interactions.filter((i) => !seen.has(i.description)),
  ];
  const notes = [earlier, later].map((pact) => pact.metadata[PACT_NOTES_KEY]);
  const leftOut = notes.flatMap((n) => n?.leftOut ?? []);
  const relies = interactions.flatMap(
    (i) => (i[PACT_NOTES_KEY] as PactInteractionNotes | undefined)?.relies ?? [],
  );
  return {
    ...earlier,
    interactions,
    metadata: {
      ...earlier.metadata,
      [PACT_NOTES_KEY]: {
        interface: notes[0]?.interface ?? notes[1]?.interface ?? '',
        profile: profileOfGaps(relies),
        leftOut: leftOut.filter(
          (l, i) =>
            leftOut.findIndex((m) => m.request === l.request && m.reason === l.reason) === i,
        ),
      },
    },
  };
}
