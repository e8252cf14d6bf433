/**
 * What `--proxy-record` keeps of a backend's answer: the animals it returned (a created one,
 * a fetched one, a listed page), each only when it is a `Pet` the store can hold.
 */
import { parseJson } from '../../../spec/json.ts';
import type { OperationId } from '../../../spec/types.ts';
import { toPetId } from '../ids.ts';
import { PET_PROPERTIES, type Pet, petIssues } from '../pet-schema.ts';

/** A backend's animal as the store keeps it (the spec's fields only), or undefined. */
function asPet(value: unknown): Pet | undefined {
  if (petIssues(value).length > 0) return undefined;
  const pet = value as Pet;
  const kept: Record<string, unknown> = {};
  for (const key of PET_PROPERTIES)
    if (key in pet) kept[key] = (pet as Record<string, unknown>)[key];
  try {
    return { ...(kept as Pet), id: toPetId(pet.id), categoryId: toPetId(pet.categoryId) };
  } catch {
    return undefined;
  }
}

/** The animals in a 2xx answer of `operation` (createPet, getPet: one; listPets: the page). */
export function recordedPets(operation: OperationId | 'other', text: string): Pet[] {
  if (operation === 'other') return [];
  let body: unknown;
  try {
    body = parseJson(text);
  } catch {
    return [];
  }
  const values = operation === 'listPets' ? (Array.isArray(body) ? body : []) : [body];
  return values.map(asPet).filter((pet): pet is Pet => pet !== undefined);
}
