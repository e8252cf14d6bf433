/**
 * For the mock's own tests: checks one response of an operation against
 * spec/openapi.yaml at strict level (status documented, body schema, header schemas).
 */
import { nodeAt } from '../spec/decisions.ts';
import { openapiDocument } from '../spec/document.gen.ts';
import { parseJson } from '../spec/json.ts';
import { specValidator } from './validate.ts';

type Ref = { $ref?: string };
type ResponseObject = {
  headers?: Record<string, Ref & { schema?: unknown }>;
  content?: Record<string, { schema?: Ref }>;
};

const escapeKey = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

/** Where a node sits: its own $ref, or the pointer it was found at. */
const resolve = (pointer: string): { pointer: string; node: unknown } => {
  const node = nodeAt(openapiDocument, pointer) as Ref | undefined;
  return node?.$ref ? resolve(node.$ref.slice(1)) : { pointer, node };
};

/** Lists every way `response` breaks what the spec documents for `method path`. */
export function responseIssues(
  path: '/pets' | '/pets/{petId}',
  method: 'get' | 'post',
  status: number,
  headers: Headers,
  text: string,
): string[] {
  const operation = `${method.toUpperCase()} ${path}`;
  const found = resolve(`/paths/${escapeKey(path)}/${method}/responses/${status}`);
  if (found.node === undefined) return [`${operation}: status ${status} is not documented`];
  const response = found.node as ResponseObject;
  const issues: string[] = [];
  for (const name of Object.keys(response.headers ?? {})) {
    const value = headers.get(name);
    if (value === null) continue;
    const header = resolve(`${found.pointer}/headers/${escapeKey(name)}`);
    for (const issue of specValidator.validate(`#${header.pointer}/schema`, value, name)) {
      issues.push(`${operation} ${status}: header ${issue.message}, got ${JSON.stringify(value)}`);
    }
  }
  const schema = response.content?.['application/json']?.schema;
  if (schema === undefined) {
    if (text !== '') issues.push(`${operation} ${status}: body must be empty`);
    return issues;
  }
  if (!headers.get('content-type')?.startsWith('application/json')) {
    issues.push(`${operation} ${status}: Content-Type must be application/json`);
  }
  let body: unknown;
  try {
    body = parseJson(text);
  } catch {
    return [...issues, `${operation} ${status}: body is not JSON: ${text.slice(0, 80)}`];
  }
  const pointer = schema.$ref ?? '';
  for (const issue of specValidator.validate(pointer, body, 'body')) {
    issues.push(`${operation} ${status}: ${issue.message}`);
  }
  if (pointer.endsWith('/Error') && (body as { status?: unknown }).status !== status) {
    issues.push(`${operation} ${status}: Error.status must equal the HTTP status`);
  }
  return issues;
}
