/**
 * Stateful sequences of createPet, getPet and listPets checked against a model. Sequences run
 * side by side (replay.ts), each against its own model and in its own order: sequences of
 * different animals are independent, and a far server answers each request late, not slowly.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { options } from '../harness/harness.ts';
import { type Model, petStoreCommands } from '../harness/model-commands.ts';
import { replayableSideBySide } from '../harness/replay.ts';

describe.skipIf(options.readOnly)('listPets, createPet and getPet in sequence', () => {
  it('keeps every created pet retrievable and unchanged, and lists in line with the model', async () => {
    await replayableSideBySide(
      petStoreCommands(),
      (commands) =>
        fc.asyncModelRun(() => ({ model: { pets: new Map() } as Model, real: {} }), commands),
      Math.max(1, Math.ceil(options.runs / 2)),
    );
  });
});
