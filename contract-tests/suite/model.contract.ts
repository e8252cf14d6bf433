/**
 * Stateful sequences of createPet, getPet and listPets checked against a model.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { options } from '../harness/harness.ts';
import { type Model, petStoreCommands } from '../harness/model-commands.ts';
import { replayable } from '../harness/replay.ts';

describe.skipIf(options.readOnly)('listPets, createPet and getPet in sequence', () => {
  it('keeps every created pet retrievable and unchanged, and lists in line with the model', async () => {
    await replayable(
      fc.asyncProperty(petStoreCommands(), async (commands) => {
        await fc.asyncModelRun(() => ({ model: { pets: new Map() } as Model, real: {} }), commands);
      }),
      Math.max(1, Math.ceil(options.runs / 2)),
    );
  });
});
