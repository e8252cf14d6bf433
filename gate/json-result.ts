/**
 * The gate's result as JSON (--json FILE), for a pipeline to read instead of the console:
 * the verdict and exit code, the versions, every stage with its findings (request, response,
 * curl), what was left out, and every animal the run left on the server with its id.
 */
import type { GateReport } from './run-gate.ts';
import type { GateVerdict } from './verdict.ts';
import { leftOut } from './verdict.ts';

/** The version of the JSON result's shape; raised when a field changes meaning or goes. */
export const GATE_JSON_VERSION = 1;

/** Every animal the run's stages left on the server: how many, and their ids where answers said. */
export function animalsLeft(report: GateReport) {
  const stages = report.results.filter((r) => (r.created ?? 0) > 0);
  return {
    count: stages.reduce((sum, r) => sum + (r.created ?? 0), 0),
    ids: stages.flatMap((r) => r.createdIds ?? []),
    byStage: Object.fromEntries(
      stages.map((r) => [r.stage, { count: r.created ?? 0, ids: r.createdIds ?? [] }]),
    ),
  };
}

/** The JSON result, ready for JSON.stringify. */
export function gateJson(
  report: GateReport,
  verdict: GateVerdict,
  versions: { gate: string; interface: string },
  level: string,
) {
  return {
    version: GATE_JSON_VERSION,
    gate: { name: 'petstore-gate', version: versions.gate },
    interface: { version: versions.interface },
    verdict: verdict.words,
    exitCode: verdict.code,
    ...(verdict.why ? { why: verdict.why } : {}),
    baseUrl: report.baseUrl,
    level,
    runId: report.runId,
    namePrefix: `petstore-gate-${report.runId}-`,
    durationMs: report.totalMs,
    stages: report.results.map((r) => ({
      stage: r.stage,
      status: r.status,
      summary: r.summary,
      durationMs: r.durationMs,
      ...(r.noVerdict ? { noVerdict: r.noVerdict } : {}),
      ...(r.serverGone ? { serverGone: r.serverGone } : {}),
      findings: r.findings,
      leftOut: r.untested ?? [],
      notes: r.details,
      created: { count: r.created ?? 0, ids: r.createdIds ?? [] },
      ...(r.appFindings === undefined
        ? {}
        : { appFindings: r.appFindings, appFindingsFail: r.appFindingsFail === true }),
      ...(r.coverage === undefined ? {} : { coverage: r.coverage }),
    })),
    leftOut: leftOut(report.results),
    created: animalsLeft(report),
  };
}
