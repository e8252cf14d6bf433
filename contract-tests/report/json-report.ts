/**
 * The JSON result of a contract run (--json FILE): the verdict, what was tested and how to
 * replay it, the counts, every finding with its simplest case (request, response, curl),
 * the checks skipped and why, and every animal the run stored on the server.
 */
import type { ContractResult } from '../run/run-types.ts';

/** The version of the JSON result's shape; raised when a field changes meaning or goes. */
export const JSON_RESULT_VERSION = 1;

/** The JSON result of a run, ready for JSON.stringify. */
export function jsonResult(result: ContractResult) {
  const { run } = result;
  return {
    version: JSON_RESULT_VERSION,
    verdict: result.verdict,
    ...(result.reason ? { reason: result.reason } : {}),
    ...(run
      ? {
          run: {
            baseUrl: run.baseUrl,
            level: run.level,
            profile: run.profile,
            depth: run.depth,
            runs: run.runs,
            concurrency: run.concurrency,
            seed: run.seed,
            readOnly: run.readOnly,
            ...(run.maxCreates === undefined ? {} : { maxCreates: run.maxCreates }),
            namePrefix: result.names ? result.names.prefix : `${run.runId}-`,
            ...(result.names ? { nameLimit: result.names.limit } : {}),
            inProcess: run.inProcess,
          },
        }
      : {}),
    durationMs: result.durationMs,
    counts: result.counts,
    findings: result.findings.map(({ followedBy, ...finding }) => ({
      ...finding,
      followedBy: followedBy.map(({ followedBy: _, ...g }) => g),
    })),
    skipped: result.skipped,
    resent: result.resent,
    throttled: result.throttled,
    ...(result.lowered ? { concurrencyLowered: result.lowered } : {}),
    ...(result.stopped ? { stopped: result.stopped } : {}),
    created: {
      count: result.created.length,
      ids: result.created.map((c) => c.id).filter((id): id is string => id !== null),
      animals: result.created,
    },
    rulesChecked: result.rulesChecked,
    ...(result.pact ? { pact: result.pact } : {}),
  };
}

/** The JSON result as text: two-space indented, one line per field, ending in a newline. */
export const jsonResultText = (result: ContractResult) =>
  `${JSON.stringify(jsonResult(result), null, 2)}\n`;
