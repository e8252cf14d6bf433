/**
 * The shape of a schema in someone else's OpenAPI document (2.0, 3.0 or 3.1), as the lint
 * stage compares it with the interface: its JSON types (null apart), format, enum, fields
 * and which are required, with local `$ref`s followed and `allOf`, `anyOf`, `oneOf` folded,
 * as FastAPI, NestJS and Spring write them.
 */

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a schema allows, folded. */
export type Shape = {
  types: Set<string>;
  nullable: boolean;
  format?: string;
  enum?: unknown[];
  /** Fields of an object, by name. */
  properties: Map<string, Shape>;
  required: Set<string>;
  items?: Shape;
  /** Where the schema sits in the document, as a JSON pointer. */
  pointer: string;
};

const unescapeKey = (key: string) => key.replaceAll('~1', '/').replaceAll('~0', '~');

/** The node a local `$ref` (`#/components/schemas/Pet`) points at, or undefined. */
export function follow(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = document;
  for (const key of ref
    .slice(1)
    .split('/')
    .filter((k) => k !== '')) {
    node = isNode(node) || Array.isArray(node) ? (node as Node)[unescapeKey(key)] : undefined;
  }
  return node;
}

const empty = (pointer: string): Shape => ({
  types: new Set(),
  nullable: false,
  properties: new Map(),
  required: new Set(),
  pointer,
});

/** Folds `from` into `into` (allOf: both hold; anyOf/oneOf: either may, so types add up). */
function merge(into: Shape, from: Shape, all: boolean): void {
  for (const type of from.types) into.types.add(type);
  into.nullable ||= from.nullable;
  into.format ??= from.format;
  into.enum ??= from.enum;
  into.items ??= from.items;
  for (const [name, field] of from.properties)
    if (!into.properties.has(name)) into.properties.set(name, field);
  if (all) for (const name of from.required) into.required.add(name);
}

/** The shape of the schema at `node` (found at `pointer`) in `document`. */
export function shapeOf(document: unknown, node: unknown, pointer: string, depth = 0): Shape {
  const shape = empty(pointer);
  if (!isNode(node) || depth > 30) return shape;
  if (typeof node.$ref === 'string') {
    const ref = node.$ref;
    merge(shape, shapeOf(document, follow(document, ref), ref.slice(1), depth + 1), true);
  }
  const types = Array.isArray(node.type) ? node.type : node.type === undefined ? [] : [node.type];
  for (const type of types) {
    if (type === 'null') shape.nullable = true;
    else shape.types.add(String(type));
  }
  if (node.nullable === true || node['x-nullable'] === true) shape.nullable = true;
  if (typeof node.format === 'string') shape.format = node.format;
  if (Array.isArray(node.enum)) {
    shape.enum = node.enum.filter((value) => value !== null);
    if (node.enum.includes(null)) shape.nullable = true;
  }
  if (isNode(node.properties))
    for (const [name, field] of Object.entries(node.properties))
      shape.properties.set(
        name,
        shapeOf(document, field, `${pointer}/properties/${name}`, depth + 1),
      );
  if (Array.isArray(node.required))
    for (const name of node.required) shape.required.add(String(name));
  if (node.items !== undefined)
    shape.items = shapeOf(document, node.items, `${pointer}/items`, depth + 1);
  for (const [keyword, all] of [
    ['allOf', true],
    ['anyOf', false],
    ['oneOf', false],
  ] as const) {
    const list = node[keyword];
    if (!Array.isArray(list)) continue;
    list.forEach((member, i) => {
      merge(shape, shapeOf(document, member, `${pointer}/${keyword}/${i}`, depth + 1), all);
    });
  }
  if (shape.types.size === 0 && shape.properties.size > 0) shape.types.add('object');
  return shape;
}
