/**
 * Where a server's published OpenAPI document departs from the interface: an operation it
 * does not describe, a status of the interface it does not document, a field missing, not
 * required where the interface requires it, of another type, int32 where the interface has
 * int64, or with another set of values. What the interface leaves open (extra statuses,
 * extra fields, limits, error codes) is not compared.
 */
import { allResponses, nodeAt, operations, requestBodySchema } from '../spec/document.ts';
import { documentAtLevel } from '../spec/levels.ts';
import { follow, type Shape, shapeOf } from './schema-shape.ts';

/** One departure, and where it shows in the server's document (a JSON pointer). */
export type Departure = { title: string; detail: string; pointer: string };

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const escapeKey = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');
const template = (path: string) => path.replace(/\{[^}]*\}/g, '{}').replace(/\/+$/, '');

/** The path prefix the document's paths sit under: `servers[0].url`'s path, or 2.0's basePath. */
function prefixOf(document: Node): string {
  if (typeof document.basePath === 'string') return document.basePath.replace(/\/+$/, '');
  const server = Array.isArray(document.servers) ? document.servers[0] : undefined;
  const url = isNode(server) && typeof server.url === 'string' ? server.url : '';
  try {
    return new URL(url, 'http://x').pathname.replace(/\/+$/, '');
  } catch {
    return '';
  }
}

/** The node and pointer of the server's operation for `method path`, either with or without /v1. */
function findOperation(document: Node, method: string, path: string) {
  const paths = isNode(document.paths) ? document.paths : {};
  const prefix = prefixOf(document);
  for (const [theirs, item] of Object.entries(paths)) {
    const full = template(`${prefix}${theirs}`);
    if (full !== template(`/v1${path}`) && template(theirs) !== template(path)) continue;
    const node = isNode(item) ? item[method.toLowerCase()] : undefined;
    if (isNode(node))
      return { node, pointer: `/paths/${escapeKey(theirs)}/${method.toLowerCase()}` };
  }
  return undefined;
}

/** A response's JSON body schema and its pointer, in 3.x (`content`) or 2.0 (`schema`) form. */
function bodySchemaOf(document: Node, response: unknown, at: string) {
  const node =
    isNode(response) && typeof response.$ref === 'string'
      ? follow(document, response.$ref)
      : response;
  if (!isNode(node)) return undefined;
  if (node.schema !== undefined) return { schema: node.schema, pointer: `${at}/schema` };
  const content = isNode(node.content) ? node.content : {};
  const type = Object.keys(content).find((t) => /json/i.test(t));
  const media = type === undefined ? undefined : content[type];
  return isNode(media)
    ? { schema: media.schema, pointer: `${at}/content/${escapeKey(type ?? '')}/schema` }
    : undefined;
}

const typeName = (shape: Shape) => [...shape.types].sort().join(' or ') || 'any type';

/** How the server's shape of a value departs from the interface's, field by field. */
function compareShapes(ours: Shape, theirs: Shape, where: string, out: Departure[]): void {
  const add = (title: string, detail: string, pointer = theirs.pointer) =>
    out.push({ title: `${where}: ${title}`, detail, pointer });
  // The document may allow less than the interface (an int32), never other types.
  if (
    theirs.types.size > 0 &&
    ours.types.size > 0 &&
    ![...theirs.types].every((t) => ours.types.has(t))
  ) {
    add(`is ${typeName(theirs)}`, `the interface's is ${typeName(ours)}`);
    return;
  }
  if (ours.format === 'int64' && theirs.format === 'int32')
    add('is int32', 'the interface holds int64 values (ids above 2^31 and 2^53 included)');
  if (ours.enum && theirs.enum) {
    const missing = ours.enum.filter((v) => !theirs.enum?.includes(v));
    if (missing.length > 0)
      add(
        `lacks the values ${missing.join(', ')}`,
        `the interface's values are ${ours.enum.join(', ')}`,
      );
  }
  if (ours.items && theirs.items) compareShapes(ours.items, theirs.items, `${where}[]`, out);
  for (const [name, field] of ours.properties) {
    const their = theirs.properties.get(name);
    if (their === undefined) {
      if (theirs.properties.size > 0 || theirs.types.has('object'))
        add(`has no field ${name}`, `the interface's ${where} has ${name} (${typeName(field)})`);
      continue;
    }
    if (ours.required.has(name) && !theirs.required.has(name))
      add(`${name} is not required`, `the interface requires ${name}`, their.pointer);
    compareShapes(field, their, `${where}.${name}`, out);
  }
}

/** Every departure of `document` (parsed) from the interface. */
export function departures(document: unknown): Departure[] {
  if (!isNode(document))
    return [
      { title: 'not an OpenAPI document', detail: 'the document is not an object', pointer: '' },
    ];
  const iface = documentAtLevel('interface');
  const out: Departure[] = [];
  for (const op of operations(iface)) {
    const found = findOperation(document, op.method, op.path);
    const named = `${op.method} /v1${op.path} (${op.operationId})`;
    if (!found) {
      out.push({
        title: `${named}: missing`,
        detail: 'the interface has this operation; the document does not describe it',
        pointer: '/paths',
      });
      continue;
    }
    const theirResponses = isNode(found.node.responses) ? found.node.responses : {};
    for (const r of allResponses(iface).filter((x) => x.operationId === op.operationId)) {
      const key = [
        String(r.status),
        `${String(r.status)[0]}XX`,
        `${String(r.status)[0]}xx`,
        'default',
      ].find((k) => k in theirResponses);
      const at = `${found.pointer}/responses`;
      if (key === undefined) {
        out.push({
          title: `${named}: status ${r.status} not documented`,
          detail: `the interface documents ${r.status} for it`,
          pointer: at,
        });
        continue;
      }
      if (r.schema === undefined) continue;
      const body = bodySchemaOf(document, theirResponses[key], `${at}/${escapeKey(key)}`);
      if (body?.schema === undefined) {
        out.push({
          title: `${named} ${r.status}: no JSON body described`,
          detail: `the interface's body is ${r.schema.split('/').at(-1)}`,
          pointer: `${at}/${escapeKey(key)}`,
        });
        continue;
      }
      const ours = shapeOf(iface, nodeAt(iface, r.schema), r.schema.slice(1));
      compareShapes(
        ours,
        shapeOf(document, body.schema, body.pointer),
        `${named} ${r.status} body`,
        out,
      );
    }
    const request = requestBodySchema(op.operationId, iface);
    const theirRequest =
      found.node.requestBody ??
      (Array.isArray(found.node.parameters)
        ? found.node.parameters.find((p) => isNode(p) && p.in === 'body')
        : undefined);
    if (request !== undefined && theirRequest !== undefined) {
      const body = bodySchemaOf(document, theirRequest, `${found.pointer}/requestBody`);
      if (body?.schema !== undefined)
        compareShapes(
          shapeOf(iface, nodeAt(iface, request), request.slice(1)),
          shapeOf(document, body.schema, body.pointer),
          `${named} request body`,
          out,
        );
    }
  }
  return out;
}
