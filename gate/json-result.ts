/**
 * The gate's result as JSON (--json FILE), for a pipeline to read instead of the console:
 * the verdict and exit code, the versions, every stage with its findings (request, response,
 * curl; a later stage's finding of a cause the contract stage named says which), the causes
 * behind them, what was left out, and every animal the run left on the server with its id.
 */
import type { Level } from '../spec/levels.ts';
import { gateCauses, tiesToContract } from './causes.ts';
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
  level: Level,
) {
  const ties = tiesToContract(report.results, level);
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
      // A later stage's finding of a cause the contract stage named says which one.
      findings: r.findings.map((f) => {
        const tie = ties.get(f);
        return tie
          ? { ...f, sameCauseAs: { stage: 'contract', finding: tie.number, rule: tie.rule } }
          : f;
      }),
      leftOut: r.untested ?? [],
      notes: r.details,
      created: { count: r.created ?? 0, ids: r.createdIds ?? [] },
      ...(r.appFindings === undefined
        ? {}
        : { appFindings: r.appFindings, appFindingsFail: r.appFindingsFail === true }),
      ...(r.coverage === undefined ? {} : { coverage: r.coverage }),
    })),
    causes: gateCauses(report.results, level).map(({ finding, seenAgain }) => ({
      stage: finding.stage,
      ...(finding.rule ? { rule: finding.rule } : {}),
      title: finding.title,
      seenAgain: seenAgain.map((f) => ({ stage: f.stage, title: f.title })),
    })),
    leftOut: leftOut(report.results),
    created: animalsLeft(report),
  };
}
