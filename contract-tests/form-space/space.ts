/**
 * The space of request forms: each operation × each path form the server serves × each form
 * of its parameters or body, drawn from the spec (list-forms.ts, body-forms.ts, the parameter
 * catalogue) and from what the server showed it serves (path-forms.ts). `spaceOf` gives every
 * dimension and its size; `sampled` the forms a run at a depth sends (sampling.ts).
 */
import type { Pet } from '../../spec/checks/pet-checks.ts';
import type { Level } from '../../spec/levels.ts';
import { type ParamCase, paramCases, paramVerdict } from '../catalogue/catalogue-params.ts';
import type { Depth } from '../run/depth.ts';
import { type BodyForm, bodyForms } from './body-forms.ts';
import { type ListChoice, listCase, listDimensions, listKey } from './list-forms.ts';
import { CANONICAL, type PathForm } from './path-forms.ts';
import { sample } from './sampling.ts';

/** An id a getPet form names: an animal the run created, or a case of the parameter catalogue. */
export type IdChoice = { pet: Pet; label: string } | { case: ParamCase; label: string };

/** One form of the space, ready to send: its operation, path form and what it carries. */
export type SpaceForm =
  | { operation: 'listPets'; path: PathForm; case: ParamCase }
  | { operation: 'getPet'; path: PathForm; id: IdChoice }
  | { operation: 'createPet'; path: PathForm; body: BodyForm };

/** What the space is built from: the run's level, the path forms served, the animals to read. */
export type SpaceInput = {
  level: Level;
  paths: Record<SpaceForm['operation'], readonly PathForm[]>;
  pets: readonly Pet[];
};

/**
 * Ids that a narrower integer reads as an animal's own (its id plus 2^16, 2^32 or 2^64: the
 * same low bits), each a well-formed id of no animal of the run: 404, or an animal with that id.
 */
const WRAPS = [16n, 32n, 64n];
function aliasesOf(pet: Pet, level: Level): IdChoice[] {
  return WRAPS.map((bits) => {
    const text = String(BigInt(pet.id) + 2n ** bits);
    const verdict = paramVerdict('getPet', 'petId', text, level) ?? 'open';
    const c: ParamCase = {
      operation: 'getPet',
      title: `petId=${text} (animal ${String(pet.id)}'s id plus 2^${bits})`,
      path: `/pets/${text}`,
      text,
      verdict,
      valid: verdict === 'valid' ? { petId: text } : {},
    };
    return { case: c, label: c.title };
  });
}

/** The id choices of getPet: the animals given, ids aliasing theirs, the catalogue's petId cases. */
const idChoices = (input: SpaceInput, level: Level): IdChoice[] => [
  ...input.pets.map((pet) => ({ pet, label: `a created ${String(pet.status ?? 'animal')}` })),
  ...input.pets.slice(0, 1).flatMap((pet) => aliasesOf(pet, level)),
  ...paramCases('getPet', level).map((c) => ({ case: c, label: c.title })),
];

/** The dimensions of each operation: the path forms first. */
export function spaceOf(input: SpaceInput) {
  return {
    listPets: [input.paths.listPets, ...listDimensions(input.level)] as const,
    getPet: [input.paths.getPet, idChoices(input, input.level)] as const,
    createPet: [input.paths.createPet, bodyForms()] as const,
  };
}

/** How many forms the whole space holds, by operation (the product of its dimensions). */
export function spaceSize(input: SpaceInput): Record<SpaceForm['operation'], number> {
  const space = spaceOf(input);
  const size = (dimensions: readonly (readonly unknown[])[]) =>
    dimensions.reduce((n, values) => n * values.length, 1);
  return {
    listPets: size(space.listPets),
    getPet: size(space.getPet),
    createPet: size(space.createPet),
  };
}

/** The forms a run at `depth` sends, seeded by `seed`: a covering, or all at `full`. */
export function sampled(input: SpaceInput, depth: Depth, seed: number): SpaceForm[] {
  const space = spaceOf(input);
  const lists = sample<PathForm | ListChoice>(
    space.listPets,
    depth,
    seed,
    ([path, ...q]) => `${(path as PathForm).label} ${listKey(q as ListChoice[])}`,
  ).map(
    ([path, ...q]): SpaceForm => ({
      operation: 'listPets',
      path: path as PathForm,
      case: listCase(q as ListChoice[]),
    }),
  );
  const gets = sample<PathForm | IdChoice>(
    space.getPet,
    depth,
    seed + 1,
    ([path, id]) => `${(path as PathForm).label} ${(id as IdChoice).label}`,
  ).map(
    ([path, id]): SpaceForm => ({
      operation: 'getPet',
      path: path as PathForm,
      id: id as IdChoice,
    }),
  );
  const creates = sample<PathForm | BodyForm>(
    space.createPet,
    depth,
    seed + 2,
    ([path, body]) => `${(path as PathForm).label} ${(body as BodyForm).label}`,
  ).map(
    ([path, body]): SpaceForm => ({
      operation: 'createPet',
      path: path as PathForm,
      body: body as BodyForm,
    }),
  );
  return [...lists, ...gets, ...creates];
}

/** Whether a form is written as the interface writes its path. */
export const isCanonical = (form: SpaceForm): boolean => form.path === CANONICAL;
