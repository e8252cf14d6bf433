/**
 * What the spec documents for each operation at one contract level, as the checks need it:
 * the statuses, the body schema of each, and the headers it describes (spec/document.ts).
 */
import { responses } from '../document.ts';
import { documentAtLevel, type Level } from '../levels.ts';
import { type SchemaValidator, specValidator } from '../validation.ts';
import type { OperationId } from './exchange.ts';

export { PET_STATUSES as STATUSES } from '../constants.ts';

/** A documented response: its body schema pointer and header schema pointers by lower-case name. */
export type DocumentedResponse = { schema?: string; headers: Record<string, string> };

/** The spec at one level, as the checks need it. */
export type ContractSpec = {
  level: Level;
  validator: SchemaValidator;
  /** Documented responses of an operation by status code ('200', '401', …). */
  responses(operation: OperationId): Record<string, DocumentedResponse>;
  /** The whole document at this level. */
  document: unknown;
};

/** Reads the spec at a level. */
export function loadContractSpec(level: Level): ContractSpec {
  const document = documentAtLevel(level);
  const cache = new Map<OperationId, Record<string, DocumentedResponse>>();
  return {
    level,
    document,
    // Compiled on first use: the CLI only reads the documented statuses.
    get validator() {
      return specValidator(level);
    },
    responses(operation) {
      if (operation === 'other') return {};
      let found = cache.get(operation);
      if (!found) {
        found = Object.fromEntries(
          responses(operation, document).map((r) => [
            String(r.status),
            {
              schema: r.schema,
              headers: Object.fromEntries(r.headers.map((h) => [h.name.toLowerCase(), h.schema])),
            },
          ]),
        );
        cache.set(operation, found);
      }
      return found;
    },
  };
}
