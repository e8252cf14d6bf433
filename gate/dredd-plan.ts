/**
 * What the Dredd hooks (gate/dredd-hooks.cjs) do with each of Dredd's transactions: the
 * request that provokes its documented status, the response schema to validate the body
 * against, or why it is skipped. Written as JSON for the hooks to read.
 */
import { documentAtLevel, type Level, nodeAt } from '../spec/decisions.ts';
import type { OpenApiDocument } from '../spec/document-type.ts';
import { draft07SchemaAt } from './json-schema.ts';
import { probeFor, probeHeaders } from './probes.ts';
import { documentedResponses } from './spec-responses.ts';

/** How the hooks rewrite one transaction, or why they skip it. */
export type DreddStep =
  | { skip: string; key: string }
  | {
      key: string;
      label: string;
      method: string;
      /** Relative to the base URL; `{id}` is the pet the hooks create in beforeAll. */
      path: string;
      headers: Record<string, string>;
      body: string;
      bodySchema: Record<string, unknown>;
      /** Response headers the spec marks `required: true`, which must be present. */
      requiredHeaders: string[];
    };

/** Everything the hooks need, keyed by Dredd's transaction name. */
export type DreddPlan = {
  baseUrl: string;
  apiKey: string;
  createBody: string;
  transactions: Record<string, DreddStep>;
};

/** Dredd's name for a transaction: `/pets > List animals > 200 > application/json`. */
export const transactionName = (path: string, summary: string, status: number): string =>
  `${path} > ${summary} > ${status} > application/json`;

/** The names of a response's headers marked `required: true` (following header `$ref`s). */
function requiredHeaders(document: OpenApiDocument, response: Record<string, unknown>): string[] {
  const headers = (response.headers ?? {}) as Record<string, { $ref?: string; required?: boolean }>;
  return Object.entries(headers)
    .filter(([, header]) => {
      const resolved = header.$ref ? (nodeAt(document, header.$ref) as typeof header) : header;
      return resolved?.required === true;
    })
    .map(([name]) => name);
}

/** Plans every documented response of `document` for Dredd at `level` against a target. */
export function planDredd(
  document: OpenApiDocument,
  level: Level,
  target: { baseUrl: string; apiKey: string; isMock: boolean },
): DreddPlan {
  const atLevel = documentAtLevel(document, level);
  const kept = new Map(
    documentedResponses(atLevel).map((r) => [`${r.operationId} ${r.status}`, r]),
  );
  const transactions: Record<string, DreddStep> = {};
  const createBody = JSON.stringify({ name: 'Gate fixture', categoryId: 1 });
  for (const response of documentedResponses(document)) {
    const name = transactionName(response.path, response.summary, response.status);
    const key = `${response.operationId} ${response.status}`;
    const probe = probeFor(response.operationId, response.status);
    const atLevelResponse = kept.get(key);
    if (atLevelResponse === undefined) {
      transactions[name] = {
        skip: `decisions (x-decision), not part of the ${level} level`,
        key,
      };
    } else if (probe === undefined) {
      transactions[name] = { skip: 'no request is known that provokes them', key };
    } else if (probe.prefer && !target.isMock) {
      transactions[name] = { skip: 'cannot be provoked from outside a foreign server', key };
    } else {
      const pointer = responseSchemaPointer(
        atLevel,
        response.path,
        response.method,
        response.status,
      );
      transactions[name] = {
        key,
        label: probe.label,
        method: probe.method,
        path: probe.path,
        headers: probeHeaders(probe, target.apiKey),
        body: probe.body ?? '',
        bodySchema: draft07SchemaAt(atLevel, pointer),
        requiredHeaders: requiredHeaders(atLevel, atLevelResponse.response),
      };
    }
  }
  return { baseUrl: target.baseUrl, apiKey: target.apiKey, createBody, transactions };
}

/** The JSON pointer of a response's `application/json` schema, following a response `$ref`. */
function responseSchemaPointer(
  document: OpenApiDocument,
  path: string,
  method: string,
  status: number,
): string {
  const escaped = path.replaceAll('~', '~0').replaceAll('/', '~1');
  const at = `#/paths/${escaped}/${method.toLowerCase()}/responses/${status}`;
  const paths = document.paths as Record<string, Record<string, Record<string, unknown>>>;
  const operation = paths[path]?.[method.toLowerCase()] as { responses: Record<string, unknown> };
  const ref = (operation.responses[String(status)] as { $ref?: string }).$ref;
  return `${ref ?? at}/content/application~1json/schema`;
}
