/**
 * Model-based testing of the pet store (fast-check commands): sequences of creates,
 * gets and lists run against the server and a model of the pets this sequence made.
 * A created pet stays retrievable and unchanged; lists agree with the model as far as
 * the server's other data allows (they may hold more pets, never fewer or changed ones).
 */
import fc from 'fast-check';
import { statusIn } from '../../spec/checks/checks.ts';
import {
  createdEchoes,
  equalsPet,
  itemsHaveStatus,
  knownItemsUnchanged,
  type Pet,
  pageAtLeast,
  pageAtMost,
  pageMinimum,
} from '../../spec/checks/pet-checks.ts';
import { validNewPet } from '../catalogue/payloads.ts';
import { createPet, getPet, listPets, STATUSES } from './fixtures.ts';
import { options } from './harness.ts';
import { generatedPrefix } from './names.ts';
import { assertConforms } from './replay.ts';

/** The pets this sequence created, by id (as a string, exact). */
export type Model = { pets: Map<string, Pet> };
type Command = fc.AsyncCommand<Model, object>;

class CreatePet implements Command {
  constructor(readonly body: Record<string, unknown>) {}
  check = () => true;
  async run(model: Model) {
    const exchange = await createPet(this.body);
    assertConforms(
      exchange,
      statusIn([201], 'create-responses', 'for a valid creation'),
      createdEchoes(this.body),
    );
    const pet = exchange.response.json as Pet;
    model.pets.set(String(pet.id), pet);
  }
  toString = () => `createPet(${fc.stringify(this.body)})`;
}

class GetPet implements Command {
  constructor(readonly pick: number) {}
  check = (model: Readonly<Model>) => model.pets.size > 0;
  async run(model: Model) {
    const pets = [...model.pets.values()];
    const pet = pets[this.pick % pets.length] as Pet;
    assertConforms(
      await getPet(pet.id),
      statusIn([200], 'get-found', 'for a created pet'),
      equalsPet(pet),
    );
  }
  toString = () => `getPet(created #${this.pick})`;
}

class ListPets implements Command {
  constructor(
    readonly limit: number | undefined,
    readonly status: string | undefined,
  ) {}
  check = () => true;
  async run(model: Model) {
    const query = [this.limit && `limit=${this.limit}`, this.status && `status=${this.status}`]
      .filter(Boolean)
      .join('&');
    const max = this.limit ?? 20;
    const matching = [...model.pets.values()].filter(
      (p) => !this.status || p.status === this.status,
    ).length;
    const checks = [
      statusIn([200], 'list-responses', 'for a valid list'),
      pageAtMost(max, this.limit ? 'limit-max' : 'limit-default'),
      pageAtLeast(
        pageMinimum(matching, max, options.level),
        this.status ? 'status-filter' : 'list-responses',
      ),
      knownItemsUnchanged(model.pets),
    ];
    if (this.status) checks.push(itemsHaveStatus(this.status));
    assertConforms(await listPets(query), ...checks);
  }
  toString = () => `listPets(limit=${this.limit ?? '-'}, status=${this.status ?? '-'})`;
}

/** Generated command sequences over the three operations. */
export function petStoreCommands() {
  const model = generatedPrefix('model');
  return fc.commands(
    [
      validNewPet(options.level, model.prefix, options.categoryId, model.room).map(
        (body) => new CreatePet(body),
      ),
      fc.nat().map((pick) => new GetPet(pick)),
      fc
        .tuple(
          fc.option(fc.integer({ min: 1, max: 100 }), { nil: undefined }),
          fc.option(fc.constantFrom(...STATUSES), { nil: undefined }),
        )
        .map(([limit, status]) => new ListPets(limit, status)),
    ],
    { maxCommands: 12 },
  );
}
