/**
 * What the Dredd hooks (gate/stages/dredd-hooks.cjs) do with each of Dredd's transactions: the
 * request that provokes its documented status, the response schema to validate the body
 * against, or why it is skipped. Written as JSON for the hooks to read.
 */
import { allResponses, type OpenApiDocument } from '../../spec/document.ts';
import { documentAtLevel, type Level } from '../../spec/levels.ts';
import { bodyForRun, GATE_NAME_PREFIX, probeFor, probeHeaders } from '../probes.ts';
import { draft07SchemaAt } from './json-schema.ts';

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
  /** The pet the hooks create in beforeAll for the getPet transactions; empty: none. */
  createBody: string;
  /** Without a pet of its own (--read-only, --max-creates), the hooks read one from the list. */
  readFromList: boolean;
  transactions: Record<string, DreddStep>;
  /** The POSTs the run sends (beforeAll's included): at most the creations it may leave. */
  creations: number;
};

/** The run's bounds a plan keeps to. */
export type PlanBounds = { maxCreates?: number; readOnly?: boolean; runId?: string };

/** Dredd's name for a transaction: `/pets > List animals > 200 > application/json`. */
export const transactionName = (path: string, summary: string, status: number): string =>
  `${path} > ${summary} > ${status} > application/json`;

/**
 * Plans every documented response of `document` for Dredd at `level` against a target. With
 * `maxCreates`, at most that many POSTs: beforeAll's pet first, then the POST transactions in
 * spec order; the rest are skipped. With `readOnly`, GET transactions only. Without a pet of
 * its own, the transactions reading one read the first the list shows.
 */
export function planDredd(
  document: OpenApiDocument,
  level: Level,
  target: { baseUrl: string; apiKey: string; isMock: boolean },
  { maxCreates, readOnly = false, runId = '' }: PlanBounds = {},
): DreddPlan {
  const atLevel = documentAtLevel(level, document);
  const kept = new Map(allResponses(atLevel).map((r) => [`${r.operationId} ${r.status}`, r]));
  const transactions: Record<string, DreddStep> = {};
  const fixture = !readOnly && (maxCreates === undefined || maxCreates >= 1);
  const createBody = fixture
    ? JSON.stringify({ name: `${GATE_NAME_PREFIX}${runId}-dredd`, categoryId: 1 })
    : '';
  let creations = fixture ? 1 : 0;
  const spent = () => maxCreates !== undefined && creations >= maxCreates;
  for (const response of allResponses(document)) {
    const { path, summary } = response.operation;
    const name = transactionName(path, summary, response.status);
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
    } else if (readOnly && probe.method !== 'GET') {
      transactions[name] = { skip: 'not sent: --read-only sends GET requests only', key };
    } else if (probe.method === 'POST' && spent()) {
      transactions[name] = { skip: `--max-creates ${maxCreates} leaves no creation for it`, key };
    } else {
      if (probe.method === 'POST') creations += 1;
      transactions[name] = {
        key,
        label: probe.label,
        method: probe.method,
        path: probe.path,
        headers: probeHeaders(probe, target.apiKey),
        body: bodyForRun(probe.body, runId) ?? '',
        bodySchema: draft07SchemaAt(atLevel, atLevelResponse.schema ?? ''),
        requiredHeaders: atLevelResponse.headers.filter((h) => h.required).map((h) => h.name),
      };
    }
  }
  return {
    baseUrl: target.baseUrl,
    apiKey: target.apiKey,
    createBody,
    readFromList: !fixture,
    transactions,
    creations,
  };
}
