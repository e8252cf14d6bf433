/**
 * Checks one response of an operation against the spec at a level: status documented,
 * JSON body valid against its schema, documented headers valid, `Error.status` equal to
 * the HTTP status. The mock's own tests hold every response they see to it.
 */
import { response as documented } from './document.ts';
import { parseJson } from './json.ts';
import type { Level } from './levels.ts';
import { documentAtLevel } from './levels.ts';
import type { OperationId } from './types.ts';
import { specValidator } from './validation.ts';

/** Lists every way a response breaks what the spec documents for `operationId`. */
export function responseIssues(
  operationId: OperationId,
  status: number,
  headers: Headers,
  text: string,
  level: Level = 'strict',
): string[] {
  const where = `${operationId} ${status}`;
  const found = documented(operationId, status, documentAtLevel(level));
  if (found === undefined) return [`${operationId}: status ${status} is not documented`];
  const validator = specValidator(level);
  const issues: string[] = [];
  for (const header of found.headers) {
    const value = headers.get(header.name);
    if (value === null) continue;
    for (const issue of validator.validate(header.schema, value, header.name)) {
      issues.push(`${where}: header ${issue.message}, got ${JSON.stringify(value)}`);
    }
  }
  if (found.schema === undefined) {
    if (text !== '') issues.push(`${where}: body must be empty`);
    return issues;
  }
  if (!headers.get('content-type')?.startsWith('application/json')) {
    issues.push(`${where}: Content-Type must be application/json`);
  }
  let body: unknown;
  try {
    body = parseJson(text);
  } catch {
    return [...issues, `${where}: body is not JSON: ${text.slice(0, 80)}`];
  }
  for (const issue of validator.validate(found.schema, body, 'body')) {
    issues.push(`${where}: ${issue.message}`);
  }
  if (found.schema.endsWith('/Error') && (body as { status?: unknown }).status !== status) {
    issues.push(`${where}: Error.status must equal the HTTP status`);
  }
  return issues;
}
