/**
 * The conforming Express service's reading of a creation body: the interface's `NewPet`,
 * with categoryId limited to what a JavaScript number holds exactly (a category limit the
 * interface leaves to the server) and an optional name limit.
 */

/** A stored animal. */
export type Pet = { id: number; name: string; categoryId: number; status: string };

const STATUSES = ['available', 'pending', 'sold'];

/** What is wrong with a creation body, or the animal it describes (without its id). */
export function readNewPet(body: unknown, maxName: number): string | Omit<Pet, 'id'> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return 'the body must be a JSON object';
  const { name, categoryId, status = 'available' } = body as Record<string, unknown>;
  if (typeof name !== 'string') return 'name is required and must be a string';
  if (maxName > 0 && name.length > maxName) return `name must be at most ${maxName} characters`;
  if (!Number.isSafeInteger(categoryId))
    return 'categoryId is required and must be an integer within ±2^53';
  if (typeof status !== 'string' || !STATUSES.includes(status))
    return `status must be one of ${STATUSES.join(', ')}`;
  return { name, categoryId: categoryId as number, status };
}
