/**
 * Stage 3: an independent schema opinion. Every probe goes through Prism's validation proxy
 * (no --errors, so everything is forwarded) and from Prism through the gate's relay to the
 * server, so the gate sees what the server really sent. The stage fails on a violation
 * Prism reports about a response (its int64 stand-in bounds aside: int64-artefacts.ts), on a
 * request without a valid key answered otherwise than 401, and on a transport fault that
 * comes again; it gives no verdict when the server goes away or Prism answers by itself.
 */
import { freePort } from '../../lib/ports.ts';
import { allResponses } from '../../spec/document.ts';
import { documentAtLevel, type Level } from '../../spec/levels.ts';
import { startPrism } from '../prism-process.ts';
import { type Probe, probes } from '../probes.ts';
import { goneReason, relayNotes, startRelay } from '../relay.ts';
import type { StageResult } from '../stage.ts';
import type { StageContext } from '../stage-context.ts';
import { outOfTime, timeLeft } from '../stage-context.ts';
import { groupByReason } from '../summary.ts';
import { runBattery } from './prism-battery.ts';

/** The probes worth sending (documented at this level; `Prefer` only to the mock) and the rest. */
export function batteryFor(level: Level, isMock: boolean) {
  const documented = new Set(
    allResponses(documentAtLevel(level)).map((r) => `${r.operationId} ${r.status}`),
  );
  const send: Probe[] = [];
  const left: { key: string; reason: string; label: string }[] = [];
  for (const probe of probes) {
    const key = `${probe.operationId} ${probe.status}`;
    if (!documented.has(key)) {
      left.push({ key, label: probe.label, reason: `decisions, not part of the ${level} level` });
    } else if (probe.prefer && !isMock) {
      left.push({ key, label: probe.label, reason: 'cannot be provoked from a foreign server' });
    } else send.push(probe);
  }
  // The pet the other probes read is created first.
  send.sort((a, b) => Number(b.status === 201) - Number(a.status === 201));
  return { send, left };
}

/** How many POSTs the stage sends: each may store an animal, so each takes a creation. */
export const prismCreations = (level: Level, isMock: boolean): number =>
  batteryFor(level, isMock).send.filter((probe) => probe.method === 'POST').length;

/**
 * Runs the battery through `prism proxy SPEC RELAY` and reports what it found. With
 * --read-only only GETs go out; with a creation budget at most that many POSTs.
 */
export async function runPrismStage(context: StageContext, specFile: string): Promise<StageResult> {
  const started = Date.now();
  const { target, level } = context;
  const { send, left } = batteryFor(level, target.isMock);
  const relay = await startRelay(target.baseUrl, {
    concurrency: context.concurrency,
    requestTimeoutMs: context.requestTimeoutMs,
    maxWaitMs: 4 * context.requestTimeoutMs,
    ...context.reading,
  });
  let battery: Awaited<ReturnType<typeof runBattery>>;
  try {
    const port = await freePort();
    const startup = Math.min(60_000, timeLeft(context));
    const prism = await startPrism(['proxy', specFile, relay.baseUrl], '127.0.0.1', port, startup);
    try {
      battery = await runBattery(send, context, prism.origin, relay);
    } finally {
      await prism.stop();
    }
  } finally {
    await relay.close();
  }
  const { cases, findings, notes, untested, stopped } = battery;
  for (const { key, label, reason } of left) {
    cases.push({ name: `${key} (${label})`, className: 'prism.skipped', skipped: reason });
  }
  const unique = left.filter((l, i) => left.findIndex((o) => o.key === l.key) === i);
  const gone = relay.gone();
  const timedOut = stopped === 'time' ? outOfTime('prism', started) : undefined;
  const noVerdict = gone
    ? `${goneReason(gone)}`
    : (timedOut ??
      (battery.unjudged > 0 ? `${battery.unjudged} probe(s) without a verdict` : undefined));
  const status =
    gone || timedOut
      ? 'no-verdict'
      : findings.length > 0
        ? 'failed'
        : noVerdict
          ? 'no-verdict'
          : 'passed';
  const counts = `${battery.sent} of ${send.length} requests sent, ${findings.length} finding(s), ${battery.requestSide} expected request violations, ${unique.length} responses skipped`;
  return {
    stage: 'prism',
    status,
    summary: `prism proxy, ${level} level, ${target.baseUrl}: ${counts}${noVerdict ? `; no verdict: ${noVerdict}` : ''}`,
    details: [
      ...untested,
      ...notes,
      ...relayNotes(relay.exchanges),
      ...groupByReason(unique, 'not sent'),
    ],
    durationMs: Date.now() - started,
    findings,
    ...(status === 'no-verdict' ? { noVerdict: noVerdict ?? 'no verdict' } : {}),
    ...(gone ? { serverGone: gone } : {}),
    cases,
    created: battery.created,
    createdIds: battery.createdIds,
    untested,
  };
}
