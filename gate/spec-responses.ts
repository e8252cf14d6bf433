/** Lists every documented response of every operation in the spec, for coverage checks. */
import { nodeAt } from '../spec/decisions.ts';
import type { OpenApiDocument } from '../spec/document-type.ts';

/** One documented response: operation, method, path and status. */
export type DocumentedResponse = {
  operationId: string;
  method: string;
  path: string;
  summary: string;
  status: number;
  /** The response object, with a `$ref` to components/responses followed. */
  response: Record<string, unknown>;
};

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every (operation, status) pair the document lists, in document order. */
export function documentedResponses(document: OpenApiDocument): DocumentedResponse[] {
  const found: DocumentedResponse[] = [];
  const paths = (document.paths ?? {}) as Record<string, Record<string, unknown>>;
  for (const [path, item] of Object.entries(paths)) {
    for (const method of methods) {
      const operation = item[method] as Record<string, unknown> | undefined;
      if (operation === undefined) continue;
      const responses = (operation.responses ?? {}) as Record<string, Record<string, unknown>>;
      for (const [status, raw] of Object.entries(responses)) {
        const ref = raw.$ref;
        const response = (typeof ref === 'string' ? nodeAt(document, ref) : raw) as Record<
          string,
          unknown
        >;
        found.push({
          operationId: String(operation.operationId),
          method: method.toUpperCase(),
          path,
          summary: String(operation.summary ?? ''),
          status: Number(status),
          response,
        });
      }
    }
  }
  return found;
}
