/**
 * Every animal the run created, in creation order: whatever suite file sent the request,
 * a createPet answered 201 with an id. The suite files share one worker, so a later file
 * (declared.contract.ts) can look for all of them in the list.
 */
import type { Pet } from '../../spec/checks/pet-checks.ts';
import type { Exchange } from '../client/http.ts';

/**
 * A created animal: its id as text (exact for int64), what was returned (the whole answered
 * body in `pet`, which later reads must equal), and when its request was sent and answered
 * (ms), which orders two creations only when they did not overlap.
 */
export type Created = {
  id: string;
  name: string;
  status?: unknown;
  pet: Pet;
  sentAt: number;
  answeredAt: number;
};

/** The animals created so far, oldest first. */
export const created: Created[] = [];

/** Notes the animal an exchange created, if it is a createPet answered 201 with an id. */
export function noteCreated(
  { request, response }: Pick<Exchange, 'request' | 'response'>,
  sentAt: number,
  answeredAt: number,
): void {
  if (request.operation !== 'createPet' || response.status !== 201) return;
  const body = response.json;
  if (typeof body !== 'object' || body === null || !('id' in body)) return;
  const pet = body as { id: unknown; name?: unknown; status?: unknown };
  if (typeof pet.id !== 'number' && typeof pet.id !== 'bigint') return;
  created.push({
    id: String(pet.id),
    name: String(pet.name),
    status: pet.status,
    pet: body as Pet,
    sentAt,
    answeredAt,
  });
}
