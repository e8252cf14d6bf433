/**
 * What the spec documents for each operation at one contract level: the statuses,
 * the body schema of each, and the headers it describes.
 */
import { documentAtLevel, type Level, nodeAt } from '../spec/decisions.ts';
import { openapiDocument } from '../spec/document.gen.ts';
import { createSchemaValidator, type SchemaValidator } from '../spec/validation.ts';
import type { OperationId } from './http.ts';

/** The PetStatus values, read from the spec. */
export const STATUSES = nodeAt(openapiDocument, '/components/schemas/PetStatus/enum') as readonly (
  | 'available'
  | 'pending'
  | 'sold'
)[];

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

const OPERATIONS: Record<Exclude<OperationId, 'other'>, string> = {
  listPets: '/paths/~1pets/get',
  createPet: '/paths/~1pets/post',
  getPet: '/paths/~1pets~1{petId}/get',
};

type Node = Record<string, unknown>;

/** Follows `$ref`s, returning the final node and the pointer it sits at. */
function resolve(document: unknown, pointer: string): { node: Node; pointer: string } | undefined {
  let at = pointer;
  let node = nodeAt(document, at) as Node | undefined;
  while (node && typeof node.$ref === 'string') {
    at = node.$ref.slice(1);
    node = nodeAt(document, at) as Node | undefined;
  }
  return node ? { node, pointer: at } : undefined;
}

function describeResponse(document: unknown, pointer: string): DocumentedResponse {
  const found = resolve(document, pointer);
  if (!found) return { headers: {} };
  const media = (found.node.content as Record<string, Node> | undefined)?.['application/json'];
  const schemaRef = (media?.schema as Node | undefined)?.$ref;
  const headers: Record<string, string> = {};
  for (const name of Object.keys((found.node.headers as Node | undefined) ?? {})) {
    const header = resolve(document, `${found.pointer}/headers/${name}`);
    if (header?.node.schema) headers[name.toLowerCase()] = `#${header.pointer}/schema`;
  }
  return { schema: typeof schemaRef === 'string' ? schemaRef : undefined, headers };
}

/** Reads the spec at a level. */
export function loadContractSpec(level: Level): ContractSpec {
  const document = documentAtLevel(openapiDocument, level);
  const cache = new Map<OperationId, Record<string, DocumentedResponse>>();
  let validator: SchemaValidator | undefined;
  return {
    level,
    document,
    // Compiled on first use: the CLI only reads the documented statuses.
    get validator() {
      validator ??= createSchemaValidator(level);
      return validator;
    },
    responses(operation) {
      if (operation === 'other') return {};
      let found = cache.get(operation);
      if (!found) {
        const pointer = `${OPERATIONS[operation]}/responses`;
        const statuses = Object.keys((nodeAt(document, pointer) as Node | undefined) ?? {});
        found = Object.fromEntries(
          statuses.map((s) => [s, describeResponse(document, `${pointer}/${s}`)]),
        );
        cache.set(operation, found);
      }
      return found;
    },
  };
}
