/**
 * A value of the wrong JSON type is an invalid value (createPet's 400, `create-400`): a
 * server may refuse it, never read it as another type and store that. Jackson reads a
 * number for an enum as its index (0 is `available`), Python's `bool` is an `int` (`true`
 * is 1), lax binders read `"5"` as 5 and 42 as `"42"`: each answers 201 with a value the
 * client never sent.
 */
import { type Check, check, isObject, show } from './check.ts';
import { explainsStatus } from './status-checks.ts';

/** The JSON type of a value: `a number`, `a string`, `a boolean`, `null`, `an array`, `an object`. */
export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number' || typeof value === 'bigint') return 'a number';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'boolean') return 'a boolean';
  return 'an object';
}

/**
 * A creation holding a value of the wrong type was not stored as another type: a created
 * animal whose field has another JSON type than the one sent shows the server converted
 * it. Its 201 is then explained (it accepted an invalid value by changing it), and said once.
 */
export const wrongTypeNotConverted = (sent: Record<string, unknown>): Check =>
  explainsStatus(
    check('create-400', ({ response }) => {
      if (response.status < 200 || response.status >= 300 || !isObject(response.json))
        return undefined;
      const stored = response.json;
      for (const [field, value] of Object.entries(sent)) {
        if (!(field in stored) || jsonType(stored[field]) === jsonType(value)) continue;
        return {
          title: `A ${field} of the wrong type converted and stored`,
          received: `${response.status} with ${field} ${show(stored[field], 60)} (${jsonType(stored[field])}) for ${show(value, 60)} (${jsonType(value)}) sent`,
          expected: `400 with an Error for a ${field} of the wrong type, never ${jsonType(value)} read as ${jsonType(stored[field])}`,
        };
      }
      return undefined;
    }),
  );
