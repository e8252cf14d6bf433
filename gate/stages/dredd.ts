/**
 * Stage 4: Dredd runs every documented transaction of the spec, driven by the gate's hooks
 * (dredd-hooks.cjs), through the gate's relay to the server. The gate writes the stage's
 * report from what the hooks recorded: Dredd is stopped at once when the server goes away
 * or the stage's time runs out, and every transaction left says why in a case of its own.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tail } from '../../lib/run-process.ts';
import { openapiDocument } from '../../spec/document.gen.ts';
import type { Level } from '../../spec/levels.ts';
import { goneReason, goneText, relayNotes, startRelay } from '../relay.ts';
import type { StageResult } from '../stage.ts';
import { outOfTime, type StageContext, timeLeft } from '../stage-context.ts';
import { groupByReason } from '../summary.ts';
import type { Target } from '../target.ts';
import { repoRoot, specPath, startTool } from '../tools.ts';
import { planDredd } from './dredd-plan.ts';
import { dreddCases, readDreddRecords } from './dredd-records.ts';
import { createdIdOf } from './send-probe.ts';

const hookFile = join(repoRoot, 'gate', 'stages', 'dredd-hooks.cjs');

/** Runs Dredd on the spec against the server, through the relay, and reads its verdict. */
export async function runDreddStage(context: StageContext): Promise<StageResult> {
  const started = Date.now();
  const { target, level } = context;
  const relay = await startRelay(target.baseUrl, {
    concurrency: context.concurrency,
    requestTimeoutMs: context.requestTimeoutMs,
    maxWaitMs: 4 * context.requestTimeoutMs,
    ...context.reading,
  });
  const plan = planDredd(
    openapiDocument,
    level,
    { ...target, baseUrl: relay.baseUrl },
    {
      maxCreates: context.creationsLeft,
      readOnly: context.readOnly,
      runId: context.runId,
    },
  );
  const planFile = join(context.workDir, 'dredd-plan.json');
  const logFile = join(context.workDir, 'dredd-log.jsonl');
  await writeFile(planFile, JSON.stringify(plan), { mode: 0o600 });
  await writeFile(logFile, '');
  let stoppedFor: 'gone' | 'time' | undefined;
  let output = '';
  try {
    const dredd = startTool(
      'dredd',
      [
        specPath,
        relay.baseUrl,
        '--hookfiles',
        hookFile,
        '--loglevel',
        'warning',
        '--color',
        'false',
      ],
      { PETSTORE_GATE_DREDD_PLAN: planFile, PETSTORE_GATE_DREDD_LOG: logFile },
    );
    relay.onGone(() => {
      stoppedFor ??= 'gone';
      void dredd.stop(2_000);
    });
    const timer = setTimeout(() => {
      stoppedFor ??= 'time';
      void dredd.stop(2_000);
    }, timeLeft(context));
    await dredd.exited;
    clearTimeout(timer);
    output = dredd.output();
  } finally {
    await relay.close();
  }
  const gone = relay.gone();
  const notRun =
    stoppedFor === 'gone' && gone
      ? `not run: ${goneText(gone)}`
      : stoppedFor === 'time'
        ? `not run: ${outOfTime('dredd', started)}`
        : undefined;
  const records = await readDreddRecords(logFile);
  const faults = relay.exchanges.filter((e) => e.fault !== undefined);
  const found = dreddCases(plan, records, target, notRun, faults);
  const stored = relay.exchanges.filter(
    (e) => e.method === 'POST' && e.status !== undefined && e.status >= 200 && e.status < 300,
  );
  const transactions = Object.keys(plan.transactions).length;
  const noVerdict = gone
    ? `${goneReason(gone)}`
    : stoppedFor === 'time'
      ? outOfTime('dredd', started)
      : found.open > 0
        ? `${found.open} transaction(s) without a verdict`
        : undefined;
  const status =
    gone || stoppedFor === 'time'
      ? 'no-verdict'
      : found.findings.length > 0
        ? 'failed'
        : noVerdict
          ? 'no-verdict'
          : 'passed';
  const counts = `${transactions} transactions: ${found.passed} passed, ${found.findings.length} failed, ${found.open} without a verdict, ${found.skipped} skipped`;
  return {
    stage: 'dredd',
    status,
    summary: `dredd with the gate's hooks, ${level} level, ${target.baseUrl}: ${counts}${noVerdict ? `; no verdict: ${noVerdict}` : ''}`,
    details: [
      ...relayNotes(relay.exchanges),
      ...forcedNote(plan.transactions),
      ...skipNotes(plan.transactions),
      // What Dredd itself printed, when it ran nothing at all: the only clue.
      ...(records.length === 0 && !stoppedFor ? tail(output, 10).map((l) => `dredd: ${l}`) : []),
    ],
    durationMs: Date.now() - started,
    findings: found.findings,
    ...(status === 'no-verdict' ? { noVerdict: noVerdict ?? 'no verdict' } : {}),
    ...(gone ? { serverGone: gone } : {}),
    cases: found.cases,
    created: stored.length,
    createdIds: stored.flatMap((e) => createdIdOf(e.body?.toString('utf8') ?? '') ?? []),
    untested: found.untested,
  };
}

/** How many POSTs the stage sends without a bound: each may store an animal. */
export const dreddCreations = (level: Level, target: Target, readOnly = false): number =>
  planDredd(openapiDocument, level, target, { readOnly }).creations;

type Steps = ReturnType<typeof planDredd>['transactions'];

/** Says which transactions were forced with `Prefer: code=` (only ever against the mock). */
function forcedNote(steps: Steps): string[] {
  const forced = Object.values(steps).flatMap((step) =>
    !('skip' in step) && step.headers.Prefer !== undefined ? [step.key] : [],
  );
  return forced.length === 0
    ? []
    : [`forced with Prefer: code=NNN (the mock honours it): ${forced.join(', ')}`];
}

/** One line per reason the hooks skipped transactions for, naming the responses. */
function skipNotes(steps: Steps): string[] {
  const skipped = Object.values(steps).flatMap((step) =>
    'skip' in step ? [{ key: step.key, reason: step.skip }] : [],
  );
  return groupByReason(skipped, 'skipped');
}
