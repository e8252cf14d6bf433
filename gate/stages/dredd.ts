/** Stage 4: Dredd runs every documented transaction of the spec, driven by gate/stages/dredd-hooks.cjs. */
import { writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { tail } from '../../lib/run-process.ts';
import { openapiDocument } from '../../spec/document.gen.ts';
import type { Level } from '../../spec/levels.ts';
import type { StageResult } from '../stage.ts';
import { groupByReason } from '../summary.ts';
import type { Target } from '../target.ts';
import { repoRoot, runTool, specPath } from '../tools.ts';
import { parseDreddOutput } from './dredd-output.ts';
import { type DreddPlan, planDredd } from './dredd-plan.ts';

const hookFile = join(repoRoot, 'gate', 'stages', 'dredd-hooks.cjs');

/** Runs `dredd spec/openapi.yaml BASE_URL --hookfiles gate/stages/dredd-hooks.cjs` and reads its verdict. */
export async function runDreddStage(
  target: Target,
  level: Level,
  workDir: string,
  junitFile: string,
  maxCreates?: number,
): Promise<StageResult> {
  const started = Date.now();
  const planFile = join(workDir, 'dredd-plan.json');
  const plan = planDredd(openapiDocument, level, target, maxCreates);
  const untested = Object.values(plan.transactions).flatMap((step) =>
    'skip' in step && /--max-creates/.test(step.skip) ? [`${step.key}: ${step.skip}`] : [],
  );
  const planned = Object.keys(plan.transactions).length;
  await writeFile(planFile, JSON.stringify(plan), { mode: 0o600 });
  const spec = relative(repoRoot, specPath);
  const args = [spec, target.baseUrl, '--hookfiles', relative(repoRoot, hookFile)];
  args.push(
    '--reporter',
    'xunit',
    '--output',
    junitFile,
    '--loglevel',
    'warning',
    '--color',
    'false',
  );
  const result = await runTool('dredd', args, {
    timeoutMs: 180_000,
    env: { PETSTORE_GATE_DREDD_PLAN: planFile },
  });
  const durationMs = Date.now() - started;
  const output = `${result.stdout}\n${result.stderr}`;
  const { counts, failures } = parseDreddOutput(output);
  // Dredd reads OpenAPI 3.1 only partly: a documented response it drops must not go unseen.
  const dropped = counts !== undefined && counts.total !== planned;
  const passed =
    result.code === 0 &&
    counts !== undefined &&
    counts.failing === 0 &&
    counts.errors === 0 &&
    !dropped;
  const shown = `dredd ${spec} ${target.baseUrl} (hooks: gate/stages/dredd-hooks.cjs, level ${level})`;
  const verdict = counts
    ? `${counts.total} transactions: ${counts.passing} passed, ${counts.failing} failed, ${counts.errors} errors, ${counts.skipped} skipped`
    : result.timedOut
      ? 'timed out after 180 s'
      : `exit ${result.code} without a summary`;
  const failureLines = failures.map((f) => {
    const more = f.reasons.length > 3 ? ` (and ${f.reasons.length - 3} more)` : '';
    // The hooks name transactions after the request sent; the label says what it provokes.
    const label = /\(([^()]*)\)$/.exec(f.sent)?.[1];
    return `${f.id}${label ? ` (${label})` : ''}: ${f.reasons.slice(0, 3).join('; ')}${more}`;
  });
  return {
    stage: 'dredd',
    status: passed ? 'passed' : 'failed',
    summary: `${shown}: ${verdict}`,
    details: passed
      ? [...forcedNote(plan), ...skipNotes(plan)]
      : [
          ...(dropped
            ? [
                `Dredd ran ${counts?.total} transactions but the spec documents ${planned} responses`,
              ]
            : []),
          ...failureLines,
          ...(counts ? [] : tail(output, 15)),
        ],
    durationMs,
    junitFile,
    created: plan.creations,
    untested,
  };
}

/** How many POSTs the stage sends without a bound: each may store an animal. */
export const dreddCreations = (level: Level, target: Target): number =>
  planDredd(openapiDocument, level, target).creations;

/** Says which transactions were forced with `Prefer: code=` (only ever against the mock). */
function forcedNote(plan: DreddPlan): string[] {
  const forced = Object.values(plan.transactions).flatMap((step) =>
    !('skip' in step) && step.headers.Prefer !== undefined ? [step.key] : [],
  );
  return forced.length === 0
    ? []
    : [`forced with Prefer: code=NNN (the mock honours it): ${forced.join(', ')}`];
}

/** One line per reason the hooks skipped transactions for, naming the responses. */
function skipNotes(plan: DreddPlan): string[] {
  const skipped = Object.values(plan.transactions).flatMap((step) =>
    'skip' in step ? [{ key: step.key, reason: step.skip }] : [],
  );
  return groupByReason(skipped, 'skipped');
}
