/**
 * The one reader of the OpenAPI document: JSON pointers, `$ref` resolution, and the
 * operations, parameters and responses it describes. Every folder reads the spec through
 * this module, at either contract level (see levels.ts for the level's document).
 */
import { openapiDocument } from './document.gen.ts';
import type { Json, OpenApiDocument } from './document-type.ts';
import type { OperationId } from './types.ts';

export type { Json, OpenApiDocument };
export { openapiDocument };

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Escapes one key for a JSON pointer (RFC 6901): `/pets/{petId}` → `~1pets~1{petId}`. */
export const escapeKey = (key: string): string => key.replaceAll('~', '~0').replaceAll('/', '~1');

/** Builds a JSON pointer from its keys: `pointer('paths', '/pets')` → `/paths/~1pets`. */
export const pointer = (...keys: (string | number)[]): string =>
  keys.map((key) => `/${escapeKey(String(key))}`).join('');

/** Reads the node at a JSON pointer (`/paths/~1pets/get`, with or without `#`), or undefined. */
export function nodeAt(document: unknown, at: string): unknown {
  return at
    .replace(/^#/, '')
    .split('/')
    .slice(1)
    .map((key) => key.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>(
      (node, key) => (isNode(node) || Array.isArray(node) ? (node as Node)[key] : undefined),
      document,
    );
}

/** A node of the document after following its `$ref`s, with the pointer it really sits at. */
export type Resolved = { pointer: string; node: Node };

/** Follows `$ref`s from the node at `at`; undefined when nothing is there. */
export function resolve(document: unknown, at: string): Resolved | undefined {
  let where = at.replace(/^#/, '');
  let node = nodeAt(document, where);
  for (let hops = 0; isNode(node) && typeof node.$ref === 'string'; hops++) {
    if (hops > 20) throw new Error(`$ref cycle at ${at} in spec/openapi.yaml`);
    where = node.$ref.replace(/^#/, '');
    node = nodeAt(document, where);
  }
  return isNode(node) ? { pointer: where, node } : undefined;
}

/** Reads a node that must exist (a fact the code relies on); throws naming the pointer. */
export function required(document: unknown, at: string): Node {
  const found = resolve(document, at);
  if (!found) throw new Error(`spec/openapi.yaml has nothing at ${at}`);
  return found.node;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** One operation: its id, method, path (relative to the base path) and pointer. */
export type Operation = {
  operationId: OperationId;
  method: Uppercase<(typeof METHODS)[number]>;
  path: string;
  pointer: string;
  summary: string;
  deprecated: boolean;
  node: Node;
};

/** A documented header of a response: its schema's pointer and whether it is required. */
export type DocumentedHeader = { name: string; pointer: string; schema: string; required: boolean };

/** A documented response: status, where it sits, its JSON body schema and its headers. */
export type DocumentedResponse = {
  operationId: OperationId;
  status: number;
  /** Where the response object sits after its `$ref` (for error locations). */
  pointer: string;
  node: Node;
  /** Pointer of the `application/json` body schema (`#/components/schemas/Pet`), if any. */
  schema?: string;
  headers: DocumentedHeader[];
};

/** A documented parameter: name, location, whether required, and its schema's pointer. */
export type DocumentedParameter = {
  name: string;
  in: string;
  required: boolean;
  pointer: string;
  schema: string;
  node: Node;
};

/** The pointer of a media type's schema: its `$ref` when it is one, else where it sits. */
function schemaPointer(document: unknown, at: string): string | undefined {
  const media = nodeAt(document, at);
  if (!isNode(media) || !isNode(media.schema)) return undefined;
  const ref = media.schema.$ref;
  return typeof ref === 'string' ? ref : `#${at}/schema`;
}

const cache = new WeakMap<object, Operation[]>();

/** Every operation of the document, in document order. */
export function operations(document: OpenApiDocument = openapiDocument): Operation[] {
  let found = cache.get(document);
  if (found) return found;
  found = [];
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, Node>)) {
    for (const method of METHODS) {
      const node = item[method];
      if (!isNode(node)) continue;
      found.push({
        operationId: String(node.operationId) as OperationId,
        method: method.toUpperCase() as Operation['method'],
        path,
        pointer: pointer('paths', path, method),
        summary: String(node.summary ?? ''),
        deprecated: node.deprecated === true,
        node,
      });
    }
  }
  cache.set(document, found);
  return found;
}

/** The operation with this id; throws when the document has none. */
export function operation(
  operationId: OperationId,
  document: OpenApiDocument = openapiDocument,
): Operation {
  const found = operations(document).find((op) => op.operationId === operationId);
  if (!found) throw new Error(`spec/openapi.yaml has no operation ${operationId}`);
  return found;
}

/** Every documented response of an operation, in document order. */
export function responses(
  operationId: OperationId,
  document: OpenApiDocument = openapiDocument,
): DocumentedResponse[] {
  const op = operation(operationId, document);
  const statuses = Object.keys((op.node.responses ?? {}) as Node);
  return statuses.flatMap((status) => {
    const found = resolve(document, `${op.pointer}/responses/${status}`);
    if (!found) return [];
    const headers = Object.keys((found.node.headers ?? {}) as Node).flatMap((name) => {
      const header = resolve(document, `${found.pointer}/headers/${escapeKey(name)}`);
      if (!header || !isNode(header.node.schema)) return [];
      return [
        {
          name,
          pointer: header.pointer,
          schema: `#${header.pointer}/schema`,
          required: header.node.required === true,
        },
      ];
    });
    return [
      {
        operationId,
        status: Number(status),
        pointer: found.pointer,
        node: found.node,
        schema: schemaPointer(document, `${found.pointer}/content/application~1json`),
        headers,
      },
    ];
  });
}

/** The documented response of an operation for one status, or undefined. */
export function response(
  operationId: OperationId,
  status: number,
  document: OpenApiDocument = openapiDocument,
): DocumentedResponse | undefined {
  return responses(operationId, document).find((r) => r.status === status);
}

/** The parameters of an operation (its own and its path's), `$ref`s followed. */
export function parameters(
  operationId: OperationId,
  document: OpenApiDocument = openapiDocument,
): DocumentedParameter[] {
  const op = operation(operationId, document);
  const pathPointer = op.pointer.slice(0, op.pointer.lastIndexOf('/'));
  const lists = [pathPointer, op.pointer].map(
    (at) => [at, nodeAt(document, `${at}/parameters`)] as const,
  );
  const found: DocumentedParameter[] = [];
  for (const [at, list] of lists) {
    if (!Array.isArray(list)) continue;
    for (const [i] of list.entries()) {
      const parameter = resolve(document, `${at}/parameters/${i}`);
      if (!parameter) continue;
      found.push({
        name: String(parameter.node.name),
        in: String(parameter.node.in),
        required: parameter.node.required === true,
        pointer: parameter.pointer,
        schema: `#${parameter.pointer}/schema`,
        node: parameter.node,
      });
    }
  }
  return found;
}

/** The pointer of an operation's `application/json` request body schema, if it has one. */
export function requestBodySchema(
  operationId: OperationId,
  document: OpenApiDocument = openapiDocument,
): string | undefined {
  const op = operation(operationId, document);
  const body = resolve(document, `${op.pointer}/requestBody`);
  return body && schemaPointer(document, `${body.pointer}/content/application~1json`);
}

/** Every documented response of every operation, with its operation, in document order. */
export function allResponses(
  document: OpenApiDocument = openapiDocument,
): (DocumentedResponse & { operation: Operation })[] {
  return operations(document).flatMap((op) =>
    responses(op.operationId, document).map((r) => ({ ...r, operation: op })),
  );
}
